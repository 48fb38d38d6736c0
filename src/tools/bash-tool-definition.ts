import type { ToolDefinition } from '../llm';

const DESCRIPTION = `Run one command and get its output (stdout, then a [stderr] section) and exit status.
Pass the command itself, e.g. {"command": "ls -la"}; never wrap it as Bash(...) inside the command.

Three kinds of command are accepted:
1. Shell commands run in one persistent bash session: cd and export carry over between calls; pipes,
   redirections, heredocs and && work. Commands cannot read stdin. A command running past the time limit is
   killed and the session restarted.
2. Agent commands (each explains itself with --help, e.g. read --help). Relative paths resolve against the
   shell's current directory:
   read <path> [--offset N] [--limit N]       print a file as cat -n does: "<line number><tab><line>"
   write <path> <content>                      create or overwrite a file (or: write <path> <<'EOF' ... EOF)
   edit <path> <old text> <new text> [--all]   replace exactly one occurrence (--all: every one); the
                                               text is literal, without read's line numbers and tab
   glob <pattern> [directory]                  list files, e.g. glob "src/**/*.ts"
   search <regex> [path] [-i] [--glob <pat>]   search file contents
   TodoWrite '<json>'                          replace the todo list: {"todos":[{"content","activeForm","status"}]}
3. Extensions:
   task:<type> --prompt "..." [--description "..."]   delegate to a sub-agent (e.g. task:general, task:explore)
   mcp:list                                            the MCP servers and their tools
   mcp:<server>:<tool> '<json>' | --name value         call a tool of an MCP server (--help: its parameters)
   skill:search <keywords>, skill:load <name>          find a skill, read its instructions
   skill:<name>:<script> [args...]                     run one of a skill's scripts

On failure, run the failing command with --help to learn its usage, then retry.`;

/** The OpenAI function definition of the Bash tool. */
export const BASH_TOOL_DEFINITION: ToolDefinition = {
  type: 'function',
  function: {
    name: 'Bash',
    description: DESCRIPTION,
    parameters: {
      type: 'object',
      properties: {
        command: { type: 'string', description: 'The command to run, e.g. "ls -la" or "read src/index.ts".' },
      },
      required: ['command'],
      additionalProperties: false,
    },
  },
};
