@own @security
Feature: 权限策略如何把命令行拆成简单命令
  权限策略逐条判定一行里会运行的每一条简单命令。拆分像 shell 一样对待引号、转义、注释、重定向、
  here-document、参数展开与命令替换：重定向的目标与文件描述符不是参数，只是数据的东西（单引号里的文字、
  交给非 shell 命令的 here-document）不是命令，会运行的东西（命令替换、交给 shell 的 here-document）
  一条也不漏。嵌套（`bash -c`、`eval`、命令替换、包装命令）最多展开 8 层；更深的嵌套无法检查，整行被拒绝，
  而不是放过里面的命令。

  Background:
    Given 权限规则:
      | 动作      | 模式  |
      | defaults  | false |
      | unmatched | ask   |

  Scenario Outline: <构造>
    When 按权限策略判定命令 `<命令>`
    Then 判定结果应为 "ask"
    And 需要批准的部分依次为 `<部分>`

    Examples:
      | 构造 | 命令 | 部分 |
      | 重定向的目标不是参数 | echo hi > out.txt b | echo hi b |
      | 只有重定向的命令 | > out.txt | > out.txt |
      | 重定向前的文件描述符不是参数 | ls 2>/dev/null 12>x | ls |
      | 紧贴重定向的普通词仍是参数 | echo a>b a1>c 1a>d | echo a a1 1a |
      | &> 与 &>> 是重定向，不是后台运行 | ls &> out.txt; cat &>> log | ls；cat |
      | 其他重定向写法 | cat <<< "$(rm x)" <> f >\| g | cat <<< "$(rm x)" <> f >\| g；cat；rm x |
      | 相同的部分只判定一次 | ls; ls\nls | ls |
      | 注释到行尾为止 | ls # c\nrm x | ls；rm x |
      | 反斜杠续行 | echo a\\\nb | echo ab |
      | 行尾的反斜杠 | echo a\\ | echo a\\；echo a |
      | &&、\|\|、\|& 与 ;; 都分隔命令 | ls && rm x \|\| rm y \|& rm z ;; rm w | ls；rm x；rm y；rm z；rm w |
      | 括号本身不是词 | (ls) | ls |
      | here-document 之后的行照常判定 | bash <<EOF\nrm x\nEOF\nls\nrm y | bash；rm x；ls；rm y |
      | 行尾的 here-document 标记 | cat <<EOF | cat <<EOF；cat |
      | 没有 <<- 时行首制表符不去掉 | bash <<EOF\n	EOF\nrm x\nEOF | bash；rm x；EOF |
      | 不是赋值的第一个词就是命令名 | a-b=c bash <<EOF\nrm x\nEOF | a-b=c bash |
      | 多字母的赋值不是命令名 | AB=1 bash <<EOF\nrm x\nEOF | AB=1 bash；rm x |
      | 双引号与空格后的结束标记 | bash << "E O"\nrm x\nE O | bash；rm x |
      | 制表符后的结束标记 | bash <<	EOF\nrm x\nEOF | bash；rm x |
      | 转义空格的结束标记 | bash <<E\\ F\nrm x\nE F | bash；rm x |
      | <<- 去掉行首所有制表符，只看行首 | bash <<-EOF\n		rm x\nEO	F\n		EOF\nls | bash；rm x；EO F；ls |
      | 变量不是参数展开 | echo $A; rm x | echo $A；rm x |
      | 花括号不是参数展开 | echo a{b;rm x} | echo a{b；rm x} |
      | 单引号里的命令替换不运行 | echo ${A} '$(rm x)' | echo ${A} $(rm x) |
      | 命令替换里的参数展开 | echo $(${A}) | echo $(${A})；${A} |
      | 双引号里的 $ 与括号 | echo "$A)" "f(x"; rm x | echo $A) f(x；rm x |
      | 参数展开里的引号与替换 | echo ${A:-'a}'} ${B:-$(echo })}; rm x | echo ${A:-'a}'} ${B:-$(echo })}；rm x；echo } |
      | 命令替换里的单引号与子 shell | echo $(echo 'a)' $( (ls) )); rm y | echo $(echo 'a)' $( (ls) ))；rm y；echo a) $( (ls) )；ls |
      | 双引号里转义的 $ 与反斜杠 | echo "\\$(rm x)" "a\\b" "c\\\\d" | echo $(rm x) a\\b c\\d |
      | 双引号里的算术展开不是命令 | echo "$((1+2))" "`rm y`" | echo $((1+2)) `rm y`；rm y |
      | 单引号紧挨着命令替换 | echo 'a'$(rm x); ls | echo a$(rm x)；ls；rm x |
      | 转义的 $ 之后的括号不是命令替换 | echo \\$(${A}) | echo \\$(${A})；echo；${A} |
      | 括号之后的进程替换 | (ls)<(rm x); ls | (ls)<(rm x); ls；ls；rm x |
      | 函数定义 | f(){ rm x; }; f | rm x；f |
      | 参数展开里的变量与括号 | echo ${A:-$B} ${C:-a(}; rm x | echo ${A:-$B} ${C:-a(}; rm x；echo ${A:-$B}；rm x |
      | 参数展开里引号之后的命令替换 | echo ${A:-'x'$(echo })}; rm y | echo ${A:-'x'$(echo })}；rm y；echo } |
      | 命令替换里反引号中的括号 | echo $(echo `)`); rm y | echo $(echo `)`); rm y；echo $(echo `)；rm y；echo |
      | 双引号里不跟括号的 $ | echo "$A; rm x" | echo $A; rm x |
      | 双引号里单引号之后的命令替换 | echo "'$(rm x) ls" | echo '$(rm x) ls；rm x |
      | 双引号里转义的反引号，结尾的反斜杠 | echo "\\`rm x\\`" "a\\ | echo "\\`rm x\\`" "a\\；echo `rm x` |
      | 只有赋值时 here-document 只是数据 | A=1 <<EOF\nrm x\nEOF | A=1 |

  Scenario: 回车算空白（按 CRLF 换行写的命令）
    When 按权限策略判定 JSON 字符串所写的命令 "ls\r-la\r"
    Then 需要批准的部分应为 JSON ["ls -la"]

  Scenario: ANSI-C 引号里的单字符转义按 bash 解码
    When 按权限策略判定命令 `echo $'\a\e\t\r\\\"\n'; rm x`
    Then 需要批准的部分应为 JSON ["echo \u0007\u001b\t\r\\\"\n", "rm x"]

  Scenario Outline: 交给 <解释器> 的 here-document 是命令
    When 按权限策略判定命令 `<命令>`
    Then 需要批准的部分依次为 `<解释器>；rm x`

    Examples:
      | 解释器 | 命令                 |
      | sh     | sh <<EOF\nrm x\nEOF   |
      | dash   | dash <<EOF\nrm x\nEOF |
      | zsh    | zsh <<EOF\nrm x\nEOF  |
      | ksh    | ksh <<EOF\nrm x\nEOF  |
      | mksh   | mksh <<EOF\nrm x\nEOF |
      | ash    | ash <<EOF\nrm x\nEOF  |

  Scenario Outline: 嵌套 <层数> 层的 <写法>：<结果>
    When 按权限策略判定 <层数> 层 "<写法>" 嵌套的命令 `ls`
    Then 判定结果应为 "<结果>"

    Examples:
      | 写法      | 层数 | 结果 |
      | eval …    | 8    | ask  |
      | eval …    | 9    | deny |
      | echo $(…) | 8    | ask  |
      | echo $(…) | 9    | deny |

  Scenario: 嵌套太深的命令被拒绝，原因说明它无法检查
    Given Router 已就绪
    When 路由命令 `eval eval eval eval eval eval eval eval eval touch made.txt`
    Then 命令结果应为拒绝，说明 "denied by policy: commands nested more than 8 levels deep cannot be checked"
    And 工作区中不应存在文件 `made.txt`

  Scenario Outline: 包装命令里的命令：<包装>
    When 按权限策略判定命令 `<命令>`
    Then 判定结果应为 "ask"
    And 需要批准的部分依次为 `<部分>`

    Examples:
      | 包装 | 命令 | 部分 |
      | sudo 的选项 | sudo -u a -g b -h c -p d -C 3 -D e -r f -t g -U h -T 9 --user i --group j --host k --prompt l --chdir m rm x | sudo -u a -g b -h c -p d -C 3 -D e -r f -t g -U h -T 9 --user i --group j --host k --prompt l --chdir m rm x；rm x |
      | doas 的选项 | doas -u a -C b rm x | doas -u a -C b rm x |
      | env 的选项与赋值 | env -u A -C b --unset B --chdir c D=1 rm x | env -u A -C b --unset B --chdir c D=1 rm x；rm x |
      | env --split-string 的脚本 | env --split-string 'rm x' | env --split-string rm x；rm x |
      | nice 与 ionice 的选项 | nice -n 5 --adjustment 3 ionice -c 2 -n 4 --class 1 --classdata 0 rm x | nice -n 5 --adjustment 3 ionice -c 2 -n 4 --class 1 --classdata 0 rm x；ionice -c 2 -n 4 --class 1 --classdata 0 rm x；rm x |
      | timeout 的选项与时长 | timeout -s KILL -k 1 --signal TERM --kill-after 2 5 rm x | timeout -s KILL -k 1 --signal TERM --kill-after 2 5 rm x；rm x |
      | 不带选项的包装命令 | nohup command builtin setsid chronic unbuffer rm x | nohup command builtin setsid chronic unbuffer rm x；command builtin setsid chronic unbuffer rm x；builtin setsid chronic unbuffer rm x；setsid chronic unbuffer rm x；chronic unbuffer rm x；unbuffer rm x；rm x |
      | exec 与 stdbuf 的选项 | exec -a name stdbuf -i 0 -o L -e 0 rm x | exec -a name stdbuf -i 0 -o L -e 0 rm x；stdbuf -i 0 -o L -e 0 rm x；rm x |
      | xargs 的选项 | xargs -a f -d , -E e -I {} -L 1 -n 2 -P 3 -s 9 --arg-file g --delimiter , --eof e --max-lines 1 --max-args 2 --max-procs 3 --max-chars 9 --replace {} rm x | xargs -a f -d , -E e -I {} -L 1 -n 2 -P 3 -s 9 --arg-file g --delimiter , --eof e --max-lines 1 --max-args 2 --max-procs 3 --max-chars 9 --replace {} rm x；rm x |
      | flock 的选项、锁文件与脚本 | flock -w 1 -E 2 --timeout 3 --conflict-exit-code 4 lockfile rm x; flock f --command 'rm y' | flock -w 1 -E 2 --timeout 3 --conflict-exit-code 4 lockfile rm x；rm x；flock f --command rm y；rm y |
      | su 的选项、用户与脚本 | su -g a -G b -s c --group d --shell e root --command 'rm x' | su -g a -G b -s c --group d --shell e root --command rm x；rm x |
      | runuser 的选项与脚本 | runuser -u a -g b -G c -s d --user e --group f --shell g rm x; runuser -c 'rm y' | runuser -u a -g b -G c -s d --user e --group f --shell g rm x；rm x；runuser -c rm y；rm y |
      | watch 的选项 | watch -n 1 -d 2 --interval 3 'rm x' | watch -n 1 -d 2 --interval 3 rm x；2 --interval 3 rm x |
