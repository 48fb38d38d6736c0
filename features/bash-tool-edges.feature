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
      Then 命令结果应为 stdout "hello\n"、stderr ""、退出码 0
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

    Scenario Outline: 取消附着运行的命令，结束它启动的一切（标准输入<终端>终端）
      Given Router 的沙箱模式为 "off"
      And 本进程的标准输入<终端>终端，标准输出与标准错误不是终端
      When 以附着方式路由命令 `sleep 30 & echo $! > sleep.pid; setsid sleep 30 & echo $! > detached.pid; wait`，在它写下 `detached.pid` 后取消
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
      When 以附着方式路由命令 `true`
      Then 退出码应为 `0`
      And 经本进程的标准输出写出的文字应为 ""
      And 经本进程的标准错误写出的文字应为 ""
