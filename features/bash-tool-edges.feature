@own @tools
Feature: Bash 路由器的边角：各阶段之间的取消、附着运行、确切的结果
  路由一条命令要经过几道关：先过权限策略（可能要等人批准），需要时重启 Shell，再交给某一层执行。
  在任何一道关上取消，命令都不会再执行。给人用的附着运行（`routeAttached`）把命令直接接在本进程的
  标准流上，在路由器的目录、环境与沙箱里运行，取消时结束它启动的一切。拒绝与用法错误的结果是确切的文字。

  Rule: 取消在任何阶段都让命令不再执行

    Scenario: 审批等待中被取消的命令，即使审批者随后批准也不会执行
      Given 权限规则:
        | 动作 | 模式    |
        | ask  | write * |
      And 审批者等到命令被取消之后才回答 "once"
      And Router 已就绪
      When 路由命令 `write late.txt hello` 并在审批者被询问时取消
      Then 命令结果应完全是:
        """
        {"stdout": "", "stderr": "Command interrupted: it was cancelled before it finished\n", "exitCode": 130, "interrupted": "cancelled", "failureCategory": "execution_error"}
        """
      And 工作区中不应存在文件 `late.txt`

    Scenario: 在重启 Shell 的过程中被取消的命令不会执行
      Given Router 已就绪
      When 路由命令 `echo warm`
      And 以 restart=true 路由命令 `write ran.txt hello`，并在重启 Shell 期间取消
      Then 退出码应为 `130`
      And 工作区中不应存在文件 `ran.txt`

  Rule: 路由器自己给出的结果是确切的

    Scenario: 只有空白的命令是用法错误
      Given Router 已就绪
      When 路由命令 `   `
      Then 命令结果应完全是:
        """
        {"stdout": "", "stderr": "Error: empty command\nUsage: <shell command or agent command>\n", "exitCode": 1, "failureCategory": "invalid_usage", "usageHelp": "bash --help"}
        """

    Scenario: 找不到的原生命令在路由器这一层就归为 command_not_found
      Given Router 已就绪
      When 路由命令 `no-such-command-here`
      Then 退出码应为 `127`
      And 命令结果的失败类别应为 `command_not_found`

    Scenario: 命令前的多个空白不影响 Agent 命令与扩展命令的参数
      Given Router 注入了报告调用选项并在 Shell 中运行参数的 skill 处理器
      And 工作区文件 `notes.txt` 的内容为 "hello\n"
      When 路由命令 `   read notes.txt`
      Then 命令结果应为 stdout "     1\thello\n"、stderr ""、退出码 0
      When 路由命令 `   skill:demo:run echo hi`
      Then 标准输出应为:
        """
        target=demo:run
        cwd={workspace}
        readOnly=false
        aborted=false
        shell exit 0: hi

        """

    Scenario: 只读拒绝的结果（有 bubblewrap 强制只读沙箱时）
      Given 只读的 Router 已就绪
      When 路由命令 `write notes.txt hello`
      Then 命令结果应完全是:
        """
        {"stdout": "", "stderr": "read-only: `write` changes files, which is not allowed here. This session may only read: use read, glob, search and commands that do not modify files.\n", "exitCode": 1, "failureCategory": "invalid_usage"}
        """

    Scenario: 只读拒绝的结果（没有 bubblewrap 时说明只有筛查在起作用）
      Given 本场景没有 bubblewrap
      And 只读的 Router 已就绪
      When 路由命令 `rm tmp.txt`
      Then 命令结果应完全是:
        """
        {"stdout": "", "stderr": "read-only: `rm` changes files, which is not allowed here. This session may only read: use read, glob, search and commands that do not modify files. (the read-only sandbox is not enforced: bubblewrap is disabled by SYNAPSE_BWRAP=none; only a screen of common file-changing commands applies (bash -c, interpreters and the like get through).)\n", "exitCode": 1, "failureCategory": "invalid_usage"}
        """

  Rule: 附着运行：给人用的命令接在本进程的标准流上，在路由器的目录、环境与沙箱里运行

    Scenario: 附着运行的命令在路由器的当前目录里、带着分页器设置运行，退出码是命令自己的
      Given Router 的沙箱模式为 "off"
      And 本进程的标准输入不是终端，标准输出与标准错误不是终端
      When 路由命令 `mkdir -p sub && cd sub`
      And 以附着方式路由命令 `echo "$PAGER $GIT_PAGER ${PWD##*/}" > ../where.txt; exit 3`
      Then 命令结果应完全是:
        """
        {"stdout": "", "stderr": "", "exitCode": 3}
        """
      And 工作区文件 `where.txt` 的内容应为 "cat cat sub\n"

    Scenario: 被信号结束的附着命令，退出码是 128 加信号编号
      Given Router 的沙箱模式为 "off"
      And 本进程的标准输入不是终端，标准输出与标准错误不是终端
      When 以附着方式路由命令 `kill -TERM $$`
      Then 命令结果应完全是:
        """
        {"stdout": "", "stderr": "", "exitCode": 143}
        """

    Scenario Outline: 取消附着运行的命令，结束它启动的一切，包括离开了进程组的（标准输入<终端>终端）
      Given Router 的沙箱模式为 "off"
      And 本进程的标准输入<终端>终端，标准输出与标准错误不是终端
      When 以附着方式路由命令 `sleep 30 & echo $! > sleep.pid; setsid sh -c 'echo $$ > detached.pid; exec sleep 30' & wait`，在它写下 `detached.pid` 后取消
      Then 命令结果应完全是:
        """
        {"stdout": "", "stderr": "Command interrupted: it was cancelled before it finished\n", "exitCode": 130, "interrupted": "cancelled", "failureCategory": "execution_error"}
        """
      And `sleep.pid` 记录的进程应已结束
      And `detached.pid` 记录的进程应已结束

      Examples:
        | 终端 |
        | 不是 |
        | 是   |

    Scenario: 标准输入不是终端时，附着命令自成进程组：取消用 SIGKILL 结束整个组，包括忽略 SIGTERM、清掉了环境变量的进程
      Given Router 的沙箱模式为 "off"
      And 本进程的标准输入不是终端，标准输出与标准错误不是终端
      When 以附着方式路由命令 `(trap '' TERM; exec env -u SYNAPSE_SHELL_MARK sh -c 'echo $$ > sleep.pid; exec sleep 30') & wait`，在它写下 `sleep.pid` 后取消
      Then `sleep.pid` 记录的进程应在 500 毫秒内结束

    Scenario: 标准输入不是终端时，附着命令结束后整个进程组随之结束，包括清掉了环境变量的进程
      Given Router 的沙箱模式为 "off"
      And 本进程的标准输入不是终端，标准输出与标准错误不是终端
      When 以附着方式路由命令 `(trap '' TERM; exec env -u SYNAPSE_SHELL_MARK sh -c 'echo $$ > left.pid; exec sleep 30') & until [ -s left.pid ]; do sleep 0.01; done`
      Then 退出码应为 `0`
      And `left.pid` 记录的进程应在 500 毫秒内结束

    Scenario: 标准输入是终端时（在沙箱里），取消附着命令也结束它
      Given Router 的沙箱模式为 "workspace-write"
      And 本进程的标准输入是终端，标准输出与标准错误不是终端
      When 以附着方式路由命令 `echo go > started.txt; sleep 0.5; touch survived.txt`，在它写下 `started.txt` 后取消
      And 等待 2500 毫秒
      Then 工作区中不应存在文件 `survived.txt`

    Scenario Outline: 附着命令结束后，它留在后台的进程也随之结束（标准输入<终端>终端）
      Given Router 的沙箱模式为 "off"
      And 本进程的标准输入<终端>终端，标准输出与标准错误不是终端
      When 以附着方式路由命令 `sleep 30 & echo $! > sleep.pid`
      Then 退出码应为 `0`
      And `sleep.pid` 记录的进程应已结束

      Examples:
        | 终端 |
        | 不是 |
        | 是   |

    Scenario: 附着运行的命令也在路由器的沙箱里
      Given Router 的沙箱模式为 "workspace-write"
      And 本进程的标准输入不是终端，标准输出与标准错误不是终端
      And 宿主上的探针路径已备好（场景结束后删除）
      When 以附着方式路由命令 `touch {etc-probe} 2>/dev/null; echo $? > touched.txt`
      Then 宿主上的探针路径都不存在
      And 工作区文件 `touched.txt` 的内容应为 "1\n"

    Scenario: 路由器的当前目录已被删除时，附着运行说明 bash 无法启动
      Given Router 的沙箱模式为 "off"
      And 本进程的标准输入不是终端，标准输出与标准错误不是终端
      When 路由命令 `mkdir gone && cd gone && rmdir ../gone`
      And 以附着方式路由命令 `echo hi`
      Then 命令结果应完全是:
        """
        {"stdout": "", "stderr": "Cannot start bash: spawn bash ENOENT\n", "exitCode": 127, "failureCategory": "execution_error"}
        """

    Scenario: 输出不去终端时遮盖已知密钥，没有换行结尾的最后一段也完整写出
      Given 环境变量 `OPENAI_API_KEY` 与 `DEPLOY_TOKEN` 是真实样子的密钥
      And 工作区文件 `config.txt` 里写着 `DEPLOY_TOKEN` 的值
      And 本进程的标准输入不是终端，标准输出与标准错误不是终端
      When 以附着方式路由命令 `cat config.txt; printf %s "$(cat config.txt)" >&2`
      Then 退出码应为 `0`
      And 经本进程的标准输出写出的文字应为 "# pasted config\napi_key = [REDACTED]\n"
      And 经本进程的标准错误写出的文字应为 "# pasted config\napi_key = [REDACTED]"

    Scenario: 输出去终端时命令直接写到终端，不经过本进程
      Given 环境变量 `OPENAI_API_KEY` 与 `DEPLOY_TOKEN` 是真实样子的密钥
      And 本进程的标准输入不是终端，标准输出与标准错误是终端
      When 以附着方式路由命令 `echo to-the-terminal; echo to-the-terminal >&2`
      Then 退出码应为 `0`
      And 经本进程的标准输出写出的文字应为 ""
      And 经本进程的标准错误写出的文字应为 ""

  Rule: 原生 Shell 会话：重启、关闭与取消只作用于该作用的命令

    Scenario: 第一条命令就要求重启也照常执行
      Given Router 已就绪
      When 以 restart=true 路由命令 `echo first`
      Then 命令结果应为 stdout "first\n"、stderr ""、退出码 0

    Scenario: 重启杀掉正在运行的命令，它的结果是中断；重启后的命令回到最初的目录
      Given Router 已就绪
      When 路由命令 `mkdir -p sub && cd sub`
      And 开始路由命令 `echo go > ../started.txt; sleep 30`，等它写下 `started.txt`
      And 以 restart=true 路由命令 `pwd`
      Then 标准输出应为:
        """
        {workspace}

        """
      And 先前开始的命令的结果应完全是:
        """
        {"stdout": "", "stderr": "Command interrupted: it was cancelled before it finished\n", "exitCode": 130, "interrupted": "cancelled", "failureCategory": "execution_error"}
        """

    Scenario: 取消一条命令后立即重启，重启后的命令仍回到最初的目录
      Given Router 已就绪
      When 路由命令 `mkdir -p sub && cd sub`
      And 路由命令 `sleep 30` 并在 100 毫秒后取消
      And 以 restart=true 路由命令 `pwd`
      Then 标准输出应为:
        """
        {workspace}

        """

    Scenario: 关闭路由器时正在运行的命令，结果是中断
      Given Router 已就绪
      When 开始路由命令 `echo go > started.txt; sleep 30`，等它写下 `started.txt`
      And 关闭路由器
      Then 先前开始的命令的结果应完全是:
        """
        {"stdout": "", "stderr": "Command interrupted: it was cancelled before it finished\n", "exitCode": 130, "interrupted": "cancelled", "failureCategory": "execution_error"}
        """

    Scenario: 排队等候时被取消的命令不会执行
      Given Router 已就绪
      When 开始路由命令 `sleep 0.5`
      And 路由命令 `touch queued.txt` 并在 100 毫秒后取消
      Then 退出码应为 `130`
      When 等先前开始的命令结束
      And 路由命令 `ls`
      Then 工作区中不应存在文件 `queued.txt`

    Scenario: 已经结束的命令的时限不会落到后面的命令上
      Given Router 已就绪
      And 环境变量 `SYNAPSE_COMMAND_TIMEOUT=1000`
      When 路由命令 `true`
      And 路由命令 `sleep 0.6`
      And 路由命令 `sleep 0.6; echo ok`
      Then 命令结果应为 stdout "ok\n"、stderr ""、退出码 0

    Scenario: 命令结束之后再取消它，什么也不会发生
      Given Router 已就绪
      When 路由命令 `export KEPT=yes`，结束后再取消它
      And 路由命令 `echo "$KEPT"`
      Then 命令结果应为 stdout "yes\n"、stderr ""、退出码 0

    Scenario: 空闲的路由器不让本进程保持运行；关闭之后什么也不留下
      Given 记下让本进程保持运行的资源
      And Router 已就绪
      When 路由命令 `echo hi`
      Then 让本进程保持运行的资源应与先前记下的相同
      When 关闭路由器
      Then 让本进程保持运行的资源应与先前记下的相同

  Rule: 原生 Shell 进程：环境、退出码、启动失败、迟到的输出与截止时间

    Scenario: 命令的分页器是 cat，不会停下来等人翻页
      Given Router 已就绪
      When 路由命令 `echo "$PAGER $GIT_PAGER"`
      Then 命令结果应为 stdout "cat cat\n"、stderr ""、退出码 0

    Scenario Outline: Shell 被信号 <信号> 结束时，退出码是 128 加信号编号（沙箱：<沙箱>）
      Given Router 的沙箱模式为 "<沙箱>"
      When 路由命令 `kill -<信号> $$`
      Then 命令结果应为 stdout ""、stderr "[the shell exited with code <退出码>; the next command starts a new shell session]\n"、退出码 <退出码>

      Examples:
        | 沙箱            | 信号 | 退出码 |
        | off             | HUP  | 129    |
        | off             | KILL | 137    |
        | off             | USR1 | 138    |
        | off             | TERM | 143    |
        | workspace-write | KILL | 137    |
        | workspace-write | USR1 | 138    |

    Scenario Outline: 启动的目录不在了，Shell 无法再启动，结果说明原因（沙箱：<沙箱>）
      Given Router 的沙箱模式为 "<沙箱>"
      When 路由命令 `mkdir -p gone && cd gone`
      And 在宿主上删掉<删掉的目录>
      And 路由命令 `exit 0`
      And 路由命令 `echo hi`
      Then 退出码应为 `127`
      And 命令的 stderr 应为:
        """
        Cannot start <程序>: working directory does not exist: <缺的目录>
        [the shell exited with code 127; the next command starts a new shell session]

        """

      Examples:
        | 沙箱            | 删掉的目录                | 程序              | 缺的目录          |
        | off             | 工作区里的目录 `gone`     | bash              | {workspace}/gone |
        | workspace-write | 工作区本身                | the shell (bwrap) | {workspace}      |

    Scenario: 命令结束后后台任务迟到的输出不属于任何命令
      Given Router 已就绪
      When 路由命令 `(sleep 0.2; echo late) &`
      And 等待 400 毫秒
      And 路由命令 `echo next`
      Then 命令结果应为 stdout "next\n"、stderr ""、退出码 0

    Scenario: 取消时用 SIGKILL 结束整个进程组，包括忽略 SIGTERM、清掉了自己环境变量的进程（沙箱：off）
      Given Router 的沙箱模式为 "off"
      When 用 AbortSignal 调用 Bash 工具执行 `(trap '' TERM; exec env -u SYNAPSE_SHELL_MARK sh -c 'echo $$ > sleep.pid; exec sleep 30') & wait` 并在它启动后中止
      Then Bash 工具结果应为中断错误，退出码 130
      And `sleep.pid` 记录的进程应在 500 毫秒内结束

    Scenario: Shell 退出后，即使逃出进程组与标记的后代握着输出管道，命令也很快结算（沙箱：off）
      Given Router 的沙箱模式为 "off"
      And 场景结束时结束 `escaped.pid` 记录的进程（它离开了进程组，也没有标记）
      When 路由命令 `setsid env -u SYNAPSE_SHELL_MARK sh -c 'echo $$ > escaped.pid; exec sleep 30' & until [ -s escaped.pid ]; do sleep 0.01; done; exit 3`
      Then 退出码应为 `3`
      And 命令应在 2000 毫秒内结束

    Scenario: 命令里的 NUL 字符无法传给 bash，被丢掉
      Given Router 已就绪
      When 以 JSON 参数 `{"command": "echo a\u0000b"}` 调用 Bash 工具
      Then Bash 工具结果应为:
        | output | ab\n |

    Scenario: 命令清掉了 PWD 时，路由器仍记得原来的当前目录
      Given Router 已就绪
      When 路由命令 `unset PWD`
      Then 路由器的当前目录应为工作区下的 `.`

    Scenario: 目录名里有冒号也照样跟踪当前目录
      Given Router 已就绪
      When 路由命令 `mkdir -p 'a:b' && cd 'a:b'`
      Then 路由器的当前目录应为工作区下的 `a:b`

    Scenario: Shell 在两条命令之间被杀掉，下一条命令在新 Shell 中照常执行
      Given Router 已就绪
      And 环境变量 `SYNAPSE_COMMAND_TIMEOUT=3000`
      When 路由命令 `(sleep 0.1; kill -9 $$) &`
      And 等待 400 毫秒
      And 路由命令 `echo fresh`
      Then 命令结果应为 stdout "fresh\n"、stderr ""、退出码 0

    Scenario Outline: 命令里的 `wait` 只等命令自己的后台任务（沙箱：<沙箱>）
      Given Router 的沙箱模式为 "<沙箱>"
      And 本进程的标准输入不是终端，标准输出与标准错误不是终端
      When 路由命令 `sleep 0.1 & wait; jobs; echo done`
      Then 命令结果应为 stdout "done\n"、stderr ""、退出码 0
      And 命令应在 2000 毫秒内结束
      When 以附着方式路由命令 `sleep 0.1 & wait; echo $? > waited.txt`
      Then 退出码应为 `0`
      And 工作区文件 `waited.txt` 的内容应为 "0\n"

      Examples:
        | 沙箱            |
        | off             |
        | workspace-write |

  Rule: 输出捕获：不论输出怎样分段到达，结果都一样，用时与输出长度成正比

    Scenario Outline: 捕获一段输出：<情形>
      Given 保留开头 <开头> 字节与结尾 <结尾> 字节的输出捕获，它收到的字节是 "<输出>"、结束标记、"0:/work"、NUL 与 "<之后>"
      Then 不论这些字节按多大的片段到达，捕获的文字都应为 "<文字>"，结束标记后的内容都应为 "0:/work"

      Examples:
        | 情形                                 | 开头 | 结尾 | 输出              | 之后                 | 文字                                              |
        | 短输出原样保留                       | 8    | 8    | hello             |                      | hello                                             |
        | 没有输出                             | 4    | 4    |                   |                      |                                                   |
        | 恰好是开头加结尾的长度，不截断       | 4    | 4    | abcdefgh          |                      | abcdefgh                                          |
        | 多一个字节就截断                     | 4    | 4    | abcdefghi         |                      | abcd\n[output truncated: 1 bytes omitted]\nfghi   |
        | 长输出保留开头与结尾                 | 4    | 4    | abcdefghijklmnop  |                      | abcd\n[output truncated: 8 bytes omitted]\nmnop   |
        | 结束标记之后的输出不算               | 4    | 4    | abcdefghijklmnop  | late output, ignored | abcd\n[output truncated: 8 bytes omitted]\nmnop   |
        | 像标记开头的输出照样保留             | 16   | 16   | x\u0001ENDy\u0001EN | more after the end | x\u0001ENDy\u0001EN                               |
        | 输出里的 NUL 不会被当成标记的结尾    | 16   | 16   | a\0b\0            |                      | a\0b\0                                            |

    Scenario: 标记一直没来（Shell 中途退出）时，捕获到的就是全部输出
      Given 保留开头 4 字节与结尾 4 字节的输出捕获，它收到的字节只有 "abcdefghijklmnop"
      Then 不论这些字节按多大的片段到达，捕获的文字都应为 "abcd\n[output truncated: 8 bytes omitted]\nmnop"，结束标记后的内容都应为 没有

    Scenario: 大量小片段到达时，捕获用的时间与输出长度成正比
      When 保留开头与结尾各 1024 字节的输出捕获收到 8 MB 的 "x"，每片 1 KB，然后是结束标记
      Then 捕获的文字应为 1024 个 "x"、省略 8386560 字节的标记与 1024 个 "x"
      And 命令应在 2000 毫秒内结束

  Rule: 本进程忙碌时，重启与结束、重启与超时同时发生

    Scenario: 前一条命令结束的结果还没读到时就要求重启，重启后的命令仍回到最初的目录
      Given Router 已就绪
      When 开始路由命令 `mkdir -p sub && cd sub`，随后本进程忙碌 500 毫秒，接着以 restart=true 路由命令 `pwd`
      Then 标准输出应为:
        """
        {workspace}

        """
      And 先前开始的命令的结果应完全是:
        """
        {"stdout": "", "stderr": "", "exitCode": 0}
        """

    Scenario: 重启在前、时限在后：被杀掉的命令报告的是中断，而不是超时
      Given Router 已就绪
      And 环境变量 `SYNAPSE_COMMAND_TIMEOUT=200`
      When 开始路由命令 `sleep 5`，随后本进程忙碌 400 毫秒，接着以 restart=true 路由命令 `echo again`
      Then 命令结果应为 stdout "again\n"、stderr ""、退出码 0
      And 先前开始的命令的结果应完全是:
        """
        {"stdout": "", "stderr": "Command interrupted: it was cancelled before it finished\n", "exitCode": 130, "interrupted": "cancelled", "failureCategory": "execution_error"}
        """
