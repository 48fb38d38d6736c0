import fc from 'fast-check';

/** Single-quotes text for bash. */
const single = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
/** Double-quotes text for bash. */
const double = (text: string) => `"${text.replace(/[\\"$`]/g, '\\$&')}"`;

/** Ways to spell a command name that bash reads as the same name. */
const spellings = (name: string): string[] => [
  name,
  `\\${name}`,
  `${name[0]}''${name.slice(1)}`,
  `"${name}"`,
  `$'${[...name].map((char) => `\\x${char.charCodeAt(0).toString(16)}`).join('')}'`,
  `$'\\u${name.charCodeAt(0).toString(16).padStart(4, '0')}${name.slice(1)}'`,
  `/bin/${name}`,
];

/** Wrappers that run the command they are given, each as bash reads it; runners need a simple command. */
const WRAPPERS: Array<{ wrap: (command: string) => string; needsSimple: boolean; simple: boolean }> = [
  { wrap: (command) => `ls; ${command}`, needsSimple: false, simple: false },
  { wrap: (command) => `true && ${command}`, needsSimple: false, simple: false },
  { wrap: (command) => `false || ${command}`, needsSimple: false, simple: false },
  { wrap: (command) => `echo a | ${command}`, needsSimple: false, simple: false },
  { wrap: (command) => `(${command})`, needsSimple: false, simple: false },
  { wrap: (command) => `{ ${command}; }`, needsSimple: false, simple: false },
  { wrap: (command) => `if true; then ${command}; fi`, needsSimple: false, simple: false },
  { wrap: (command) => `for f in a b; do ${command}; done`, needsSimple: false, simple: false },
  { wrap: (command) => `while true; do ${command}; break; done`, needsSimple: false, simple: false },
  { wrap: (command) => `case x in x) ${command};; esac`, needsSimple: false, simple: false },
  { wrap: (command) => `f() { ${command}; }; f`, needsSimple: false, simple: false },
  { wrap: (command) => `echo $(${command})`, needsSimple: false, simple: true },
  { wrap: (command) => `echo "$(${command})"`, needsSimple: false, simple: true },
  { wrap: (command) => `echo \`${command}\``, needsSimple: false, simple: true },
  { wrap: (command) => `cat <(${command})`, needsSimple: false, simple: true },
  { wrap: (command) => `echo $(( $(${command}) + 0 ))`, needsSimple: false, simple: true },
  { wrap: (command) => `echo \${X:-$(${command})}`, needsSimple: false, simple: true },
  { wrap: (command) => `cat <<EOF\n$(${command})\nEOF`, needsSimple: false, simple: false },
  { wrap: (command) => `bash <<'EOF'\n${command}\nEOF`, needsSimple: false, simple: false },
  { wrap: (command) => `sh <<< ${single(command)}`, needsSimple: false, simple: true },
  { wrap: (command) => `bash -c ${single(command)}`, needsSimple: false, simple: true },
  { wrap: (command) => `sh -c ${double(command)}`, needsSimple: false, simple: true },
  { wrap: (command) => `bash -o pipefail -xc ${single(command)}`, needsSimple: false, simple: true },
  { wrap: (command) => `bash -c -o posix ${single(command)}`, needsSimple: false, simple: true },
  { wrap: (command) => `eval ${single(command)}`, needsSimple: false, simple: true },
  { wrap: (command) => `sudo -u root ${command}`, needsSimple: true, simple: true },
  { wrap: (command) => `env A=1 ${command}`, needsSimple: true, simple: true },
  { wrap: (command) => `env -i ${command}`, needsSimple: true, simple: true },
  { wrap: (command) => `env -S ${single(command)}`, needsSimple: true, simple: true },
  { wrap: (command) => `timeout -s KILL 5 ${command}`, needsSimple: true, simple: true },
  { wrap: (command) => `nice -n 5 ${command}`, needsSimple: true, simple: true },
  { wrap: (command) => `nohup ${command}`, needsSimple: true, simple: true },
  { wrap: (command) => `setsid -f ${command}`, needsSimple: true, simple: true },
  { wrap: (command) => `time -p ${command}`, needsSimple: true, simple: true },
  { wrap: (command) => `/usr/bin/time -f %e ${command}`, needsSimple: true, simple: true },
  { wrap: (command) => `taskset -c 0 ${command}`, needsSimple: true, simple: true },
  { wrap: (command) => `stdbuf -oL ${command}`, needsSimple: true, simple: true },
  { wrap: (command) => `ionice -c 3 ${command}`, needsSimple: true, simple: true },
  { wrap: (command) => `command ${command}`, needsSimple: true, simple: true },
  { wrap: (command) => `builtin ${command}`, needsSimple: true, simple: true },
  { wrap: (command) => `exec ${command}`, needsSimple: true, simple: true },
  { wrap: (command) => `coproc ${command}`, needsSimple: true, simple: true },
  { wrap: (command) => `chroot / ${command}`, needsSimple: true, simple: true },
  { wrap: (command) => `flock /tmp/l ${command}`, needsSimple: true, simple: true },
  { wrap: (command) => `su -c ${single(command)}`, needsSimple: false, simple: true },
  { wrap: (command) => `watch -n 1 ${single(command)}`, needsSimple: false, simple: true },
  { wrap: (command) => `trap ${single(command)} EXIT`, needsSimple: false, simple: true },
  { wrap: (command) => `find . -exec ${command} \\;`, needsSimple: true, simple: true },
  { wrap: (command) => `find . -exec sh -c ${single(command)} \\;`, needsSimple: false, simple: true },
  { wrap: (command) => `xargs ${command}`, needsSimple: true, simple: true },
  { wrap: (command) => `busybox sh -c ${single(command)}`, needsSimple: false, simple: true },
  { wrap: (command) => `git bisect run ${command}`, needsSimple: true, simple: true },
  { wrap: (command) => `git rebase --exec ${single(command)} HEAD~1`, needsSimple: false, simple: true },
];

/**
 * Command lines that run `name args` somewhere inside: its name spelled in any of bash's ways, wrapped
 * up to `depth` times in lists, compound commands, substitutions, here-documents, nested shells, eval and
 * command runners.
 */
export function commandLinesAround(name: string, args: string, depth = 3): fc.Arbitrary<string> {
  const core = fc.constantFrom(...spellings(name)).map((spelled) => `${spelled} ${args}`);
  return fc.tuple(core, fc.array(fc.integer({ min: 0, max: WRAPPERS.length - 1 }), { maxLength: depth })).map(
    ([command, wrappers]) =>
      wrappers.reduce(
        (inner, at) => {
          const wrapper = WRAPPERS[at]!;
          // A runner runs a simple command: a list or compound command goes through `bash -c` first.
          const text = wrapper.needsSimple && !inner.simple ? `bash -c ${single(inner.text)}` : inner.text;
          return { text: wrapper.wrap(text), simple: wrapper.simple };
        },
        { text: command, simple: true },
      ).text,
  );
}
