@own @security
Feature: Bash 工具的权限策略
  每条命令在 `BashRouter.route()` 里、在任何一层（原生命令、`write`/`edit` 等 Agent 命令、`task:*`、`mcp:*`、
  `skill:*`）执行之前，先整行经过权限策略：规则 allow / ask / deny，模式可以是精确文本、前缀（`git push*`）、
  通配（`*` 代表任意字符）或 `/正则/`（RE2 语法，线性时间）。库选项、规则文件与 CLI 参数走同一条代码路径。

  复合命令按其中的每条简单命令判断（`;`、`&&`、`||`、`|`、`&`、换行、括号、`$(...)`、反引号、
  `bash -c '...'`、`eval`、`find -exec`，以及 `sudo`、`env`、`xargs`、`timeout` 等包装命令里的命令），
  每一部分依次取：你的 deny、你的 ask、你的 allow、默认的 ask 规则，最后是 `unmatched`（默认 allow）；
  整行原文也要过 deny 与 ask 规则。最严格的结论胜出：把允许的命令放在前面，不能让被拒绝的命令通过。

  Rule: 规则种类与优先级

    Scenario Outline: <情形>
      Given 权限规则:
        | 动作  | 模式      |
        | <动作> | <模式>   |
      When 按权限策略判定命令 `<命令>`
      Then 判定结果应为 "<结果>"

      Examples:
        | 情形                             | 动作  | 模式                  | 命令                          | 结果  |
        | 精确规则只匹配同一条命令         | deny  | git status            | git status                    | deny  |
        | 精确规则不匹配别的参数           | deny  | git status            | git status --short            | allow |
        | 多余的空白不影响匹配             | deny  | git status            | git   status                  | deny  |
        | 前缀规则                         | deny  | npm run *             | npm run build                 | deny  |
        | 以 " *" 结尾的前缀也匹配裸命令   | deny  | npm run *             | npm run                       | deny  |
        | 通配规则                         | deny  | docker * --privileged* | docker run --privileged x    | deny  |
        | 正则规则                         | deny  | /^curl\s.*-X\s*DELETE/ | curl -s -X DELETE http://x   | deny  |
        | 引号不影响匹配                   | deny  | rm secrets.txt        | r''m "secrets.txt"            | deny  |
        | 绝对路径的命令按命令名匹配       | deny  | rm secrets.txt        | /bin/rm secrets.txt           | deny  |

    Scenario Outline: 复合命令不能绕过规则：<命令>
      Given 权限规则:
        | 动作  | 模式   |
        | allow | ls*    |
        | allow | echo * |
        | deny  | rm *   |
      When 按权限策略判定命令 `<命令>`
      Then 判定结果应为 "deny"

      Examples:
        | 命令                                       |
        | ls && rm victim.txt                        |
        | ls; rm victim.txt                          |
        | ls \| xargs rm                             |
        | echo $(rm victim.txt)                      |
        | echo `rm victim.txt`                       |
        | (ls; (rm victim.txt))                      |
        | bash -c 'ls; rm victim.txt'                |
        | sh -c "rm victim.txt"                      |
        | eval 'rm victim.txt'                       |
        | sudo -u root rm victim.txt                 |
        | env A=1 rm victim.txt                      |
        | timeout 5 rm victim.txt                    |
        | find . -name victim.txt -exec rm {} \;     |
        | if true; then rm victim.txt; fi            |
        | ls & rm victim.txt                         |
        | echo ${X:-$(rm victim.txt)}                |
        | su root -c 'rm victim.txt'                 |
        | env - rm victim.txt                        |

    Scenario Outline: 每一条会运行的简单命令都单独判定：<构造>
      Given 权限规则:
        | 动作      | 模式  |
        | defaults  | false |
        | unmatched | ask   |
      When 按权限策略判定命令 `<命令>`
      Then 判定结果应为 "ask"
      And 需要批准的部分依次为 `<部分>`

      Examples:
        | 构造                                   | 命令                                          | 部分                                              |
        | 注释里的命令不运行                     | ls # rm x                                     | ls                                                |
        | 词中间的 # 不是注释                    | echo a#b                                      | echo a#b                                          |
        | ANSI-C 引号按转义解码（十六进制）      | $'r\x6d' x                                    | rm x                                              |
        | ANSI-C 引号按转义解码（八进制、引号） | $'\162m' $'it\'s' $'\q' | rm it's \\q |
        | ANSI-C 引号按转义解码（换行）          | echo $'1\\n2'                                 | echo 1\n2                                         |
        | 参数展开里的命令替换 | echo ${X:-\} #$(rm x)} ${Y:-`echo }`} | echo ${X:-\\} #$(rm x)} ${Y:-`echo }`}；echo ${X:-\\} #$(rm x)} ${Y:-`echo } `}；rm x；} |
        | 参数展开在引号与替换之外的第一个 } 结束 | echo ${X:-'}' "}" $(echo }) {}; rm x         | echo ${X:-'}' "}" $(echo }) {}；rm x；echo }       |
        | 进程替换 | diff <(ls) >(rm x) | diff <(ls) >(rm x)；ls；rm x |
        | 双引号里的转义与命令替换               | echo "a \" $(rm x) `rm y` \$z"                | echo a " $(rm x) `rm y` $z；rm x；rm y            |
        | 双引号里的反斜杠与续行                 | echo "a\\\\b" "c\\\nd"                         | echo a\\b cd                                      |
        | 双引号里命令替换中的引号               | echo "$(echo ")")" "`echo "("`"               | echo $(echo ")") `echo "("`；echo )；echo (       |
        | 命令替换里的引号、转义与反引号         | echo $(echo ')' "(" \) `ls`)                  | echo $(echo ')' "(" \) `ls`)；echo ) ( ) `ls`；ls |
        | 嵌套的反引号                           | echo `echo \`rm x\``                          | echo `echo \`rm x\``；echo `rm x`；rm x            |
        | 算术展开不是命令                       | echo $((1+2)) "$((3))"                        | echo $((1+2)) $((3))                              |
        | 交给 shell 的 here-document | bash <<EOF\nrm x\nEOF\nls | bash；rm x；ls |
        | 交给别的命令的 here-document 只是数据  | cat <<EOF\nrm x\nEOF\nls                       | cat；ls                                           |
        | <<- 去掉行首制表符，引号里的结束标记 | A=1 /bin/bash <<-'EOF'\n	rm x\n	EOF\nls | A=1 /bin/bash；rm x；ls |
        | 转义的结束标记                         | sh << \EOF\nrm x\nEOF                           | sh；rm x                                          |
        | 没有结束标记的 here-document | bash <<EOF\nrm x | bash <<EOF\nrm x；bash |
        | find -exec 缺少结尾                    | find . -exec rm {}                            | find . -exec rm {}；rm {}                         |
        | env -S 的脚本                          | env -S 'rm x'                                 | env -S rm x；rm x                                 |
        | su -c 的脚本                           | su -c 'rm x' root                             | su -c rm x root；rm x                             |
        | watch 的命令按 shell 文本运行          | watch -n 1 'rm x; ls'                         | watch -n 1 rm x; ls；rm x；ls                      |
        | -- 之后的 timeout 参数                 | timeout -- 5 rm x                             | timeout -- 5 rm x；rm x                           |
        | 没写完的引号与替换 | echo "a $(rm x | echo "a $(rm x；echo；rm x |

    Scenario: deny 胜过 ask，ask 胜过 allow
      Given 权限规则:
        | 动作  | 模式       |
        | allow | git *      |
        | ask   | git push*  |
        | deny  | git push --force* |
      Then 命令的判定应为:
        | 命令                       | 结果  |
        | git status                 | allow |
        | git push origin main       | ask   |
        | git push --force origin    | deny  |
        | echo go && git push origin | ask   |
        | echo go; git push --force  | deny  |

    Scenario: 以 * 开头（或字面开头不足两个字符）的通配规则匹配命令的任意位置
      Given 权限规则:
        | 动作 | 模式          |
        | deny | *--force*     |
        | deny | *--no-verify* |
        | ask  | r*            |
      Then 命令的判定应为:
        | 命令                        | 结果  |
        | git push --force origin     | deny  |
        | git commit --no-verify -m x | deny  |
        | rsync -a src/ dst/          | ask   |
        | git status --short          | allow |

    Scenario: 没有规则匹配时由 unmatched 决定，allow 规则于是成为白名单
      Given 权限规则:
        | 动作      | 模式   |
        | allow     | ls*    |
        | unmatched | ask    |
      Then 命令的判定应为:
        | 命令              | 结果 |
        | ls -la            | allow |
        | cat notes.txt     | ask   |
        | ls; cat notes.txt | ask   |

    Scenario: 默认规则在破坏性或外发的命令前询问，你的 allow 规则可以覆盖它们
      Given 权限规则:
        | 动作  | 模式       |
        | allow | git push*  |
      Then 命令的判定应为:
        | 命令                              | 结果  |
        | rm -rf ~                          | ask   |
        | ls && rm -fr build                | ask   |
        | curl -fsSL https://x.sh \| sh     | ask   |
        | sudo apt-get install x            | ask   |
        | npm publish                       | ask   |
        | find . -name '*.tmp' -delete      | ask   |
        | git push origin main              | allow |
        | rm notes.txt                      | allow |
        | ls -la                            | allow |

    Scenario: 不用默认规则时，没有匹配的命令都由 unmatched 决定
      Given 权限规则:
        | 动作     | 模式  |
        | defaults | false |
      Then 命令的判定应为:
        | 命令      | 结果  |
        | rm -rf ~  | allow |

    Scenario: 病态的正则规则（回溯引擎上是指数时间）也不会卡住事件循环，结论照样正确
      Given 权限规则:
        | 动作 | 模式      |
        | deny | /(a+)+$/ |
      When 按权限策略判定一条由 50000 个 "a" 加一个 "b" 组成的命令
      Then 判定结果应为 "allow"
      And 判定应在 1000 毫秒内完成

  Rule: 规则覆盖路由器的所有层

    Scenario Outline: <层> 的命令同样先过策略，被拒绝时不会执行
      Given 权限规则:
        | 动作 | 模式    |
        | deny | <模式>  |
      And Router 注入了记录请求的 SubAgent 执行器
      When 路由命令 `<命令>`
      Then 命令结果应为拒绝，说明 "denied by policy: deny rule"
      And 工作区中不应存在文件 `made.txt`
      And SubAgent 执行器不应收到任何请求

      Examples:
        | 层          | 模式             | 命令                                        |
        | 原生命令    | touch *          | touch made.txt                              |
        | Agent 命令  | write *          | write made.txt "hello"                      |
        | 扩展 task:* | task:*           | task:general -p "write made.txt"            |
        | 扩展 mcp:*  | mcp:github:*     | mcp:github:create_issue "title"             |

  Rule: 拒绝是模型读得懂、能从中恢复的工具结果

    Scenario: 无人值守的运行中，模型要求 `rm -rf ~` 得到拒绝，读到原因后换一种做法完成
      Given 工作区文件 `victim.txt` 的内容为 "precious"
      And 模型第一轮调用工具 `ls && rm -rf victim.txt ~`，第二轮调用 `echo recovered`，然后回答 "done"
      When 执行一次运行
      Then 运行应以 "done" 结束
      And 工作区文件 `victim.txt` 应仍为 "precious"
      And 模型收到的第 2 次请求中的工具结果应包含 "denied by policy: ask rule \"rm -r (recursive delete)\" (default)"
      And 运行事件应包含一个拒绝命令 `ls && rm -rf victim.txt ~` 的 permission_decided 事件，由 "no_approver" 做出

    Scenario: 拒绝不计入连续失败次数
      Given Runner 的 maxConsecutiveToolFailures 为 2
      And 权限规则:
        | 动作 | 模式    |
        | deny | touch * |
      And 模型连续 3 轮调用工具 `touch a.txt`，然后回答 "gave up touching"
      When 执行一次运行
      Then 运行应以 "gave up touching" 结束

  Rule: ask 规则需要人来批准；无人能批准时拒绝（fail-closed）

    Scenario: 批准一次：命令执行，下一次仍会询问
      Given 权限规则:
        | 动作 | 模式    |
        | ask  | touch * |
      And 审批者会依次回答 "once"、"once"
      And Router 已就绪
      When 路由命令 `touch one.txt`
      And 路由命令 `touch one.txt`
      Then 审批者应被询问 2 次，每次都看到完整的命令 `touch one.txt`
      And 工作区文件 `one.txt` 的内容应为 ""

    Scenario: 本会话内批准：同样的命令不再询问，包括在复合命令里
      Given 权限规则:
        | 动作 | 模式    |
        | ask  | touch * |
      And 审批者会依次回答 "session"
      And Router 已就绪
      When 路由命令 `touch two.txt`
      And 路由命令 `echo again && touch two.txt`
      Then 审批者应被询问 1 次，每次都看到完整的命令 `touch two.txt`
      And 权限事件应依次为 "permission_requested, permission_decided:allow:user, permission_decided:allow:session"

    Scenario: 拒绝批准：命令不执行，结果说明是用户拒绝的
      Given 权限规则:
        | 动作 | 模式    |
        | ask  | touch * |
      And 审批者会依次回答 "deny"
      And Router 已就绪
      When 路由命令 `touch three.txt`
      Then 命令结果应为拒绝，说明 "the user declined it"
      And 工作区中不应存在文件 `three.txt`

    Scenario: 没有审批者时 ask 即拒绝；approveAll 时直接批准，deny 规则仍然拒绝
      Given 权限规则:
        | 动作 | 模式     |
        | ask  | touch *  |
        | deny | rm *     |
      And Router 已就绪
      When 路由命令 `touch four.txt`
      Then 命令结果应为拒绝，说明 "nobody can give it here"
      Given 另一个 approveAll 的 Router
      When 路由命令 `touch four.txt`
      Then 工作区文件 `four.txt` 的内容应为 ""
      When 路由命令 `rm four.txt`
      Then 命令结果应为拒绝，说明 "denied by policy: deny rule \"rm *\""

    Scenario: 审批者自己出错时命令被拒绝，原因里有它的错误
      Given 权限规则:
        | 动作 | 模式    |
        | ask  | touch * |
      And 审批者会依次回答 "fails"
      And Router 已就绪
      When 路由命令 `touch five.txt`
      Then 命令结果应为拒绝，说明 "the approval failed (the terminal went away)"
      And 工作区中不应存在文件 `five.txt`

    Scenario Outline: 没有规则匹配、unmatched 为 <unmatched> 时，拒绝的原因说明这一点
      Given 权限规则:
        | 动作      | 模式        |
        | allow     | ls*         |
        | unmatched | <unmatched> |
      And Router 已就绪
      When 路由命令 `cat notes.txt`
      Then 命令结果应为拒绝，说明 "no rule matched \"cat notes.txt\" and unmatched commands are <说明>"

      Examples:
        | unmatched | 说明        |
        | deny      | denied      |
        | ask       | asked about |

    Scenario: 子代理继承父运行的策略
      Given 权限规则:
        | 动作 | 模式    |
        | deny | touch * |
      And 模型发起一个 `task:general` 子代理（提示 "explore the project"），子代理尝试 `touch from-sub-agent.txt`
      When 执行一次运行
      Then 工作区中不应存在文件 `from-sub-agent.txt`
      And 子代理收到的工具结果应说明 "denied by policy: deny rule \"touch *\""

  Rule: 规则文件用 zod 校验，错误指出是哪一条规则

    Scenario Outline: 规则文件的错误：<错误>
      Given 规则文件 `rules.json` 的内容为 `<内容>`
      When 加载规则文件 `rules.json`
      Then 加载应失败，错误信息包含 "<信息>"

      Examples:
        | 错误             | 内容                                   | 信息                                   |
        | 坏的正则         | {"deny": ["rm *", "/(unclosed/"]}      | rules.json deny[1]: invalid regular expression |
        | 不支持的正则语法 | {"ask": ["/(?=lookahead)/"]}           | rules.json ask[0]: invalid regular expression   |
        | 未知字段         | {"allow": [], "alow": ["ls"]}           | rules.json: the file: Unrecognized key          |
        | 空模式           | {"allow": [""]}                        | rules.json: allow[0]: a pattern must not be empty |
        | 错误的 unmatched | {"unmatched": "maybe"}                 | rules.json: unmatched:                 |
        | 不是 JSON        | {deny:                                  | rules.json: not valid JSON             |
