@own @security
Feature: 权限策略按真正的 shell 语法树判定，看不见的就询问
  权限策略用 tree-sitter-bash（经 web-tree-sitter，WASM，每个进程只加载一次）解析整行命令，判定语法树里任何位置的
  每一条简单命令：列表、管道、复合命令、函数体、命令替换与进程替换、会展开的 here-document、算术展开里的命令替换，
  以及命令替别人运行的东西（`bash -c`/`sh -c` 的脚本，不论选项顺序；`eval` 的字面文本；`sudo`、`env`（`-S` 的各种写法）、
  `xargs`、`timeout`、`nice`、`nohup`、`setsid`、`time`、`/usr/bin/time`、`taskset`、`stdbuf`、`chroot`、`ionice`、`command`、
  `builtin`、`exec`、`coproc` 等运行器里的命令；`find -exec`；`git bisect run`、`git rebase --exec`）。
  分析看不见会运行什么的地方一律是 ask（无人值守时拒绝并说明原因），任何 allow 规则都不能放行：从管道、标准输入或运行时才知道的
  文本读脚本的 shell，`source`/`.`，非字面的 `eval`，`trap`，不是字面量的命令名（`$X`、`$(...)`）、带花括号或通配符的命令名，
  从参数运行 shell 文本的程序（`git -c alias.x='!...'`、`sed` 的 `e`、`awk` 的 `system()` 与管道、`xargs` 从输入读到的命令），
  把变量的值当代码求值的地方（算术、`${!X}`、下标），以及解析器读不懂的行。运行时才知道的参数（`rm $X`）在 deny 或 ask 规则
  可能匹配时询问。默认的询问规则按解析出的参数匹配，选项的顺序与写法不限。

  Scenario Outline: <构造>：`<命令>` 在 <规则> 下为 <结果>
    Given 权限规则写作 "<规则>"
    When 按权限策略判定命令 `<命令>`
    Then 判定结果应为 "<结果>"
    And 判定的理由应包含 "<理由>"

    Examples: 解析出每一条命令
      | 构造                              | 命令                                           | 规则                           | 结果  | 理由                     |
      | 算术展开里的命令替换              | echo $(( $(rm f) + 0 ))                        | deny rm *                      | deny  | deny rule "rm *"         |
      | 语法不完整的算术展开里的命令替换  | echo $(( $(rm f) 0 ))                          | deny rm *                      | deny  | deny rule "rm *"         |
      | 不带引号的 here-document          | cat <<EOF\n$(rm f)\nEOF                        | deny rm *                      | deny  | deny rule "rm *"         |
      | 带引号的 here-document 只是数据   | cat <<'EOF'\n$(rm f)\nEOF                      | deny rm *                      | allow |                          |
      | 交给 shell 的字面 here-string     | sh <<< 'rm f'                                  | deny rm *                      | deny  | deny rule "rm *"         |
      | bash -c 之后还有选项              | bash -c -o posix 'rm f'                        | deny rm *                      | deny  | deny rule "rm *"         |
      | 合写的 -c 与带值的 -o             | bash -eo pipefail -xc 'rm f'                   | deny rm *                      | deny  | deny rule "rm *"         |
      | env -S 紧贴着值                   | env -S'rm f'                                   | deny rm *                      | deny  | deny rule "rm *"         |
      | env 合写的 -iS                    | env -iS 'rm f'                                 | deny rm *                      | deny  | deny rule "rm *"         |
      | env --split-string=               | env --split-string='rm f'                      | deny rm *                      | deny  | deny rule "rm *"         |
      | time -p                           | time -p rm f                                   | deny rm *                      | deny  | deny rule "rm *"         |
      | /usr/bin/time 的选项              | /usr/bin/time -f %e rm f                       | deny rm *                      | deny  | deny rule "rm *"         |
      | taskset 的 CPU 列表               | taskset -c 0 rm f                              | deny rm *                      | deny  | deny rule "rm *"         |
      | coproc                            | coproc rm f                                    | deny rm *                      | deny  | deny rule "rm *"         |
      | chroot                            | chroot / rm f                                  | deny rm *                      | deny  | deny rule "rm *"         |
      | 层层运行器                        | sudo -u root -- env A=1 timeout 5 nice -n 3 rm f | deny rm *                    | deny  | deny rule "rm *"         |
      | 嵌套的 shell                      | bash -c "sh -c 'rm f'"                         | deny rm *                      | deny  | deny rule "rm *"         |
      | 字面的 eval                       | eval 'rm f'                                    | deny rm *                      | deny  | deny rule "rm *"         |
      | find -exec sh -c                  | find . -exec sh -c 'rm f' \\;                  | deny rm *                      | deny  | deny rule "rm *"         |
      | git bisect run                    | git bisect run rm f                            | deny rm *                      | deny  | deny rule "rm *"         |
      | trap 的字面命令                   | trap 'rm f' EXIT                               | deny rm *                      | deny  | deny rule "rm *"         |
      | ANSI-C 引号的 \\u 转义            | $'\\u0072m' f                                  | deny rm *                      | deny  | deny rule "rm *"         |
      | ANSI-C 引号的 \\x 转义            | $'\\x72\\x6d' f                                | deny rm *                      | deny  | deny rule "rm *"         |
      | 引号与反斜杠拆开的命令名          | r''m f; "r"m g; \\rm h                         | deny rm *                      | deny  | deny rule "rm *"         |
      | 反斜杠续行拆开的命令名            | r\\\nm f                                       | deny rm *                      | deny  | deny rule "rm *"         |
      | 函数体                            | f() { rm f; }                                  | deny rm *                      | deny  | deny rule "rm *"         |
      | xargs 把输入加在命令后面          | echo f \| xargs rm                             | deny rm *                      | deny  | deny rule "rm *"         |

    Examples: 看不见会运行什么，就询问
      | 构造                              | 命令                                           | 规则                           | 结果  | 理由                                 |
      | 从管道读脚本的 shell              | echo rm f \| sh                                | deny rm *                      | ask   | reads commands from a pipe           |
      | 从标准输入读脚本的 shell          | bash -s                                        | 默认规则                       | ask   | reads commands from its standard input |
      | 运行时才知道的 here-string        | sh <<< "$X"                                    | 默认规则                       | ask   | text only known when it runs         |
      | source 进程替换                   | source <(curl -s x)                            | 默认规则                       | ask   | source runs a script file            |
      | 点命令                            | . ./env.sh                                     | 默认规则                       | ask   | runs a script file                   |
      | 非字面的 eval                     | eval "$X"                                      | 默认规则                       | ask   | eval of $X                           |
      | trap                              | trap 'echo bye' EXIT                           | 默认规则                       | ask   | trap sets                            |
      | 变量作命令名                      | $X f                                           | allow * ; unmatched deny       | ask   | the command name $X                  |
      | 命令替换作命令名                  | $(echo rm) f                                   | allow *                        | ask   | the command name $(echo rm)          |
      | 花括号展开作命令名                | {rm,f} g                                       | 默认规则                       | ask   | cannot read                          |
      | 通配符作命令名                    | /bin/r? f                                      | 默认规则                       | ask   | the command name /bin/r?             |
      | git -c alias 带 !                 | git -c alias.x='!rm f' x                       | allow git *                    | ask   | alias.x=!rm f                        |
      | git -c core.pager                 | git -c core.pager='rm f' log                   | allow git *                    | ask   | core.pager                           |
      | git rebase --exec                 | git rebase --exec 'rm f' HEAD~3                | deny rm *                      | deny  | deny rule "rm *"                     |
      | sed 的 e 命令                     | sed 'e rm f' notes.txt                         | allow sed *                    | ask   | the e command                        |
      | sed 的 s///e                      | sed 's/x/rm f/e' notes.txt                     | allow sed *                    | ask   | the e command or the e flag          |
      | awk 的 system()                   | awk 'BEGIN { system("rm f") }'                 | allow awk *                    | ask   | system() or a pipe                   |
      | awk 的管道                        | awk '{ print \| "sh" }' f                      | allow awk *                    | ask   | system() or a pipe                   |
      | xargs 从输入读命令                | echo rm f \| xargs -I{} sh -c {}               | allow * ; unmatched deny       | ask   | only known when it runs              |
      | xargs 从输入读命令名              | echo rm \| xargs env                           | allow *                        | ask   | only known when it runs              |
      | 运行时才知道参数的 rm             | rm $X                                          | 默认规则                       | ask   | could match ask rule "rm -r (recursive delete)" |
      | 运行时才知道的子命令              | git $(echo push) origin                        | allow git * ; ask git push*    | ask   | could match ask rule "git push*"     |
      | 算术求值变量的值                  | echo $((X))                                    | 默认规则                       | ask   | evaluates the value of X             |
      | [ ] 的 -eq 同样求值               | [ "$X" -eq 1 ]                                 | 默认规则                       | ask   | evaluates the value of X             |
      | 间接展开                          | echo ${!X}                                     | 默认规则                       | ask   | reads a variable named by a value    |
      | 让 shell 读文件的变量             | BASH_ENV=./x.sh bash -c ls                     | 默认规则                       | ask   | setting BASH_ENV                     |
      | 导出的函数                        | env 'BASH_FUNC_ls%%=() { rm f; }' bash -c ls   | 默认规则                       | ask   | setting BASH_FUNC_ls%%               |
      | PS4 与 set -x                     | PS4='$(rm f)' bash -xc ls                      | 默认规则                       | ask   | setting PS4                          |
      | alias                             | alias ls='rm -rf ~'                            | 默认规则                       | ask   | alias defines text                   |
      | 读不懂的行                        | echo (                                         | 默认规则                       | ask   | cannot read this line                |
      | 正文以反斜杠开头的 here-document  | bash <<'EOF'\n\\rm -rf f\nEOF                  | allow *                        | ask   | as words, not as its body            |
      | 没注意到的命令替换                | cat <<-EOF\n	$(rm f)\n	EOF                     | allow *                        | ask   | did not take                         |
      | parallel                          | parallel rm ::: a b                            | 默认规则                       | ask   | parallel composes                    |
      | ssh 的本地命令                    | ssh -o ProxyCommand='rm f' host                | allow ssh *                    | ask   | can run a local program              |

    Examples: 默认的询问规则按解析出的参数匹配
      | 构造                              | 命令                                           | 规则                           | 结果  | 理由                                 |
      | rm 的长选项缩写                   | rm --r build                                   | 默认规则                       | ask   | rm -r (recursive delete)             |
      | rm 的大写合写选项                 | rm -Rf build                                   | 默认规则                       | ask   | rm -r (recursive delete)             |
      | 选项写在参数后面                  | rm build -r                                    | 默认规则                       | ask   | rm -r (recursive delete)             |
      | -- 之后的 -r 是文件名             | rm -- -r                                       | 默认规则                       | allow |                                      |
      | 通配符可能展开成选项              | rm *                                           | 默认规则                       | ask   | could match                          |
      | 以 ./ 开头的通配符不会是选项      | rm ./*.tmp                                     | 默认规则                       | allow |                                      |
      | 没有路径的 find -delete           | find -delete                                   | 默认规则                       | ask   | find -delete                         |
      | git -C 之后的 reset --hard        | git -C . reset --hard                          | 默认规则                       | ask   | git reset --hard                     |
      | git --git-dir= 之后的 push        | git --git-dir=.git push                        | 默认规则                       | ask   | git push                             |
      | git -c 无害的配置之后的 push      | git -c user.email=a@b.c push                   | 默认规则                       | ask   | git push                             |
      | 运行器里的默认规则                | timeout 5 git push                             | 默认规则                       | ask   | git push                             |
      | 像 push 却不是                    | git pushx                                      | 默认规则                       | allow |                                      |
      | chmod 的长选项                    | chmod --recursive 755 .                        | 默认规则                       | ask   | chmod -R                             |
      | docker image push                 | docker image push x                            | 默认规则                       | ask   | docker push                          |

    Examples: 平常的工作照样顺畅
      | 构造                              | 命令                                           | 规则                           | 结果  | 理由                                 |
      | cd && make                        | cd src && make -j4                             | 默认规则                       | allow |                                      |
      | 管道与重定向                      | grep -rn TODO src \| sort \| head -5 > todo.txt 2>&1 | 默认规则                 | allow |                                      |
      | 普通命令的命令替换                | echo "built at $(date +%s)" >> build.log       | 默认规则                       | allow |                                      |
      | here-document 写文件              | cat > notes.md <<'EOF'\n# Notes\n$(not run)\nEOF | 默认规则                     | allow |                                      |
      | 字面列表的 for                    | for f in a b c; do echo "$f"; wc -l "$f.txt"; done | 默认规则                   | allow |                                      |
      | 数字的算术                        | for i in 1 2 3; do echo $((i * 2)); done       | 默认规则                       | allow |                                      |
      | C 风格的 for                      | for ((i = 0; i < 3; i++)); do echo $i; done    | 默认规则                       | allow |                                      |
      | [[ ]] 与 test                     | [[ -f a.txt ]] && test -d src && [ -n "$X" ]   | 默认规则                       | allow |                                      |
      | git commit 的命令替换消息         | git add -A && git commit -m "$(cat msg.txt)"   | 默认规则                       | allow |                                      |
      | 读写重定向                        | exec 3<>/dev/tcp/127.0.0.1/8080                | 默认规则                       | allow |                                      |
      | 多行续行                          | docker run \\\n  -v x:/y \\\n  image           | 默认规则                       | allow |                                      |
      | Agent 命令的参数不经过 shell      | write notes.txt "$(rm f)"                     | deny rm *                      | allow |                                      |
      | 解释器的代码是不透明的            | python3 -c 'import os; os.remove("f")'         | 默认规则                       | allow |                                      |
      | 脚本文件与解释器一样不透明        | bash ./build.sh --fast                         | 默认规则                       | allow |                                      |
      | sed 与 awk 的普通程序             | sed -n 's/a/b/p' f \| awk '/x\|y/ { print $1 }' | 默认规则                      | allow |                                      |

    Examples: 更多运行器、内建命令与从参数运行文本的程序
      | 构造 | 命令 | 规则 | 结果 | 理由 |
      | tar --to-command | tar -xf a.tar --to-command='rm f' | deny rm * | deny | deny rule "rm *" |
      | tar -I | tar -I 'rm f' -cf a.tar . | deny rm * | deny | deny rule "rm *" |
      | tar 的 exec= 检查点 | tar --checkpoint-action=exec='rm f' -cf a.tar . | deny rm * | deny | deny rule "rm *" |
      | rsync -e | rsync -e 'rm f' a b:c | deny rm * | deny | deny rule "rm *" |
      | scp -S | scp -S ./prog a b:c | allow scp * | ask | can run a local program |
      | ssh -F 的配置 | ssh -F ./cfg host | allow ssh * | ask | can run a local program |
      | enable -f | enable -f ./x.so x | 默认规则 | ask | loads a builtin |
      | hash -p | hash -p /bin/rm ls | 默认规则 | ask | makes a command name run another program |
      | fc 重新运行历史 | fc -s | 默认规则 | ask | runs commands from the history |
      | fc -l 只是列出 | fc -l | 默认规则 | allow |  |
      | bind -x | bind -x '"\\C-x":rm f' | 默认规则 | ask | binds shell text |
      | compgen -C | compgen -C 'rm f' x | 默认规则 | ask | runs a command or function |
      | mapfile -C | mapfile -C cb arr | 默认规则 | ask | runs a callback |
      | read 进带代码的下标 | true && read 'a[$(rm f)]' <<< 1 | 默认规则 | ask | the subscript of a[$(rm f)] |
      | printf -v PS4 | printf -v PS4 %s x | 默认规则 | ask | setting PS4 |
      | getopts 设置 PS4 | getopts ab PS4 | 默认规则 | ask | setting PS4 |
      | let | let i=X+1 | 默认规则 | ask | the value of X |
      | declare -n | declare -n r=x | 默认规则 | ask | nameref or integer |
      | local -i | local -i n=3 | 默认规则 | ask | nameref or integer |
      | export PS4 | export PS4='$(rm f)' | 默认规则 | ask | setting PS4 |
      | export 普通变量 | export A=1 B="$(date)" | 默认规则 | allow |  |
      | [[ -v ]] 的名字 | [[ -v $X ]] | 默认规则 | ask | variable name $X |
      | test -eq 的变量 | test 1 -eq $n | 默认规则 | ask | the value of n |
      | 没有命令的 su | su - bob | 默认规则 | ask | starts a shell |
      | runuser -u | runuser -u bob rm f | deny rm * | deny | deny rule "rm *" |
      | runuser 用户之后的 -c | runuser bob -c 'rm f' | deny rm * | deny | deny rule "rm *" |
      | doas -s | doas -s | 默认规则 | ask | starts a shell |
      | 没有命令的 chroot | chroot / | 默认规则 | ask | starts a shell |
      | nsenter | nsenter -t 1 -m rm f | deny rm * | deny | deny rule "rm *" |
      | watch -x | watch -x rm f | deny rm * | deny | deny rule "rm *" |
      | sg 的命令文本 | sg wheel 'rm f' | deny rm * | deny | deny rule "rm *" |
      | busybox 的 applet | busybox rm f | deny rm * | deny | deny rule "rm *" |
      | xargs -i | xargs -i rm {} | deny rm * | deny | deny rule "rm *" |
      | xargs -a | xargs -a list.txt rm | deny rm * | deny | deny rule "rm *" |
      | command -v 不运行命令 | command -v rm | deny rm * | allow |  |
      | git --exec-path | git --exec-path=/tmp x | allow git * | ask | --exec-path |
      | git submodule foreach | git submodule foreach 'rm f' | deny rm * | deny | deny rule "rm *" |
      | 运行时才知道的 git 选项 | git $X | allow git * | ask | only known when it runs |
      | sed -f | sed -f s.sed f | allow sed * | ask | reads its script from a file |
      | sed -i 的普通脚本 | sed -i.bak 's/a/b/' f | 默认规则 | allow |  |
      | 运行时才知道的 sed 脚本 | sed "$S" f | allow sed * | ask | only known when it runs |
      | awk -f | awk -f p.awk f | allow awk * | ask | reads program text from a file |
      | gawk --sandbox | gawk --sandbox 'BEGIN { system("rm f") }' | 默认规则 | allow |  |
      | 运行器不认识的选项 | timeout --foo 5 rm f | 默认规则 | ask | --foo is an option the policy does not know |
      | 从命名文件读脚本的 shell | sh < ./setup.sh | 默认规则 | allow |  |
      | 从运行时才知道的文件读脚本 | sh < "$F" | 默认规则 | ask | a file named only when it runs |
      | bash --rcfile | bash --rcfile ./r -c ls | 默认规则 | ask | reads commands from a file |
      | fish --command= | fish --command='rm f' | deny rm * | deny | deny rule "rm *" |
      | 锁文件之后的 flock -c | flock /tmp/l -c 'rm f' | deny rm * | deny | deny rule "rm *" |
      | chrt | chrt 1 rm f | deny rm * | deny | deny rule "rm *" |
      | trap - 只是复原 | trap - EXIT | 默认规则 | allow |  |
      | sed 的地址、块与 y 命令 | sed -e '1,3{/^#/d}' -e 'y/abc/xyz/' f | 默认规则 | allow |  |
      | sed 的 a 文本 | sed '/x/a\\\ntext' f | 默认规则 | allow |  |
      | sed 的其他分隔符、方括号里的分隔符与标签 | sed -n '\\,a/b,p;$!N;s/[/]x/y/2g;t end;:end' f | 默认规则 | allow |  |
      | sed 写文件不是运行命令 | sed 's/a/b/w out.txt' f | 默认规则 | allow |  |
      | sed 的 q 与 l | sed '5q;l 10' f | 默认规则 | allow |  |
      | 读不懂的 sed 脚本 | sed 'k' f | allow sed * | ask | not one the policy can read |
      | 没写完的 s 命令 | sed 's/a/b' f | allow sed * | ask | not one the policy can read |
      | awk 方括号与字符串里的竖线、注释 | awk -F, '$1 ~ /[\|]x/ { print "a\|b" } # \| comment' f | 默认规则 | allow |  |
      | awk 的除法不是正则 | awk 'BEGIN { x = 4 / 2; print x }' | 默认规则 | allow |  |
      | awk 正则里转义的斜杠 | awk '/a\\/b/ { print }' f | 默认规则 | allow |  |
      | awk 的 @load | awk '@load "x"' | allow awk * | ask | can run shell commands |
      | awk 没写完的字符串 | awk 'BEGIN { print "oops }' | allow awk * | ask | can run shell commands |
      | awk 从命令读 | awk 'BEGIN { "date" \| getline d }' | allow awk * | ask | can run shell commands |
      | awk 的 -v 与 -e | awk -v 'x=1' -e 'BEGIN{print x}' | 默认规则 | allow |  |
      | ssh -o 紧贴的 ProxyCommand | ssh -oProxyCommand='rm f' h | allow ssh * | ask | can run a local program |
      | ssh -o LocalCommand | ssh -o 'LocalCommand rm f' h | allow ssh * | ask | can run a local program |
      | 运行时才知道的 ssh -o | ssh -o "$OPT" h | allow ssh * | ask | can run a local program |
      | ssh 的远程命令在远处运行 | ssh -p 22 host ls | allow ssh * | allow |  |
      | rsync --rsh 带空格 | rsync --rsh 'rm f' a b:c | deny rm * | deny | deny rule "rm *" |
      | tar --use-compress-program 带空格 | tar --use-compress-program 'rm f' -xf a | deny rm * | deny | deny rule "rm *" |
      | tar 合写的 -I | tar -cI'rm f' . | deny rm * | deny | deny rule "rm *" |
      | tar 的普通选项 | tar -xzf a.tgz | deny rm * | allow |  |
      | ANSI-C 的 \\c、八进制、\\U 与未知转义 | printf '%s' $'\\cA\\101\\U0001F600\\q' | 默认规则 | allow |  |
      | 单引号、ANSI-C 与注释里的反斜杠换行保留 | echo 'a\\\nb' $'c\\\nd' # e \\\nrm f | deny rm * | deny | deny rule "rm *" |
      | 转义的反斜杠之后的换行不是续行 | echo a\\\\\nrm f | deny rm * | deny | deny rule "rm *" |
      | 可能匹配前缀规则 | git ${SUB} origin | ask git push* | ask | could match ask rule "git push*" |
      | 可能匹配通配规则 | docker run $IMG --privileged | deny docker * --privileged* | deny | deny rule |
      | 开头不符的正则规则不会匹配 | echo $X | deny /^curl\\s/ | allow |  |
      | 开头相符的正则规则可能匹配 | curl $URL | deny /^curl\\s.*--upload-file/ | ask | could match deny rule |
      | 没有字面开头的正则规则可能匹配 | echo $X | deny /secret/ | ask | could match deny rule |

  Scenario: 严格的白名单（allow 'echo *'，unmatched deny）下，包在 echo 里的命令照样被拒绝
    Given 权限规则写作 "allow echo * ; unmatched deny"
    Then 命令的判定应为:
      | 命令                           | 结果  |
      | echo hi                        | allow |
      | echo $(echo hi)                | allow |
      | echo hi $(rm f)                | deny  |
      | echo "`rm f`"                  | deny  |
      | echo hi \| sh                  | ask   |
      | echo $(( $(rm f) + 0 ))        | deny  |
      | echo ${X:-$(rm f)}             | deny  |

  Scenario: 解析器读不懂时，deny 规则照样拒绝它能认出的命令
    Given 权限规则写作 "deny rm *"
    When 按权限策略判定命令 `echo ( ; rm f`
    Then 判定结果应为 "deny"

  Scenario: 围绕被拒绝的命令生成的命令行，没有一条被允许
    Given 权限规则写作 "deny rm *"
    Then 围绕命令 `rm -rf victim` 生成的 300 条命令行没有一条被允许

  Scenario: 严格的白名单下，围绕不在名单上的命令生成的命令行，没有一条被允许
    Given 权限规则写作 "allow echo * ; unmatched deny"
    Then 围绕命令 `rm -rf victim` 生成的 300 条命令行没有一条被允许

  Scenario: 默认规则下，围绕递归删除生成的命令行，没有一条被允许
    Given 权限规则写作 "默认规则"
    Then 围绕命令 `rm -rf victim` 生成的 300 条命令行没有一条被允许

  Scenario: 深到解析树走不完的嵌套，询问而不是放过
    Given 权限规则写作 "默认规则"
    When 按权限策略判定 20000 层 "(…)" 嵌套的命令 `ls`
    Then 判定结果应为 "ask"
    And 判定的理由应包含 "the shell parser failed"
