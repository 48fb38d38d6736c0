@own @security @cli
Feature: 项目自己的配置文件要等项目受信任才能让我们运行程序
  模型会在工作区里写文件，所以工作区里的文件在用户信任这个项目之前都算模型的话。项目自己的 MCP 配置
  （`<cwd>/mcp_servers.json`，以及 Claude Code 的 `<cwd>/.mcp.json`，同一套格式）定义的服务器是我们在沙箱外、
  以用户身份启动的程序：只有项目受信任时才启动。信任来自 `--trust-project`（库：`trustProject: true`，只管这一次），
  或者信任记录 `~/.synapse/trusted-projects.json`（按真实路径），或者终端上的询问（回答"是"会被记下）。
  不受信任时，这些服务器在 `mcp list` 与 `mcp:list` 中列为 "untrusted (not started)"，一条警告指出文件和
  如何信任。每个场景的服务器被启动时都会在场景目录（工作区之外）留下标记文件：标记文件不存在，就是没有启动。

  Rule: 模型写进工作区的 MCP 配置不会被下一条命令启动

    Scenario: synapse mcp list 把工作区的服务器列为未受信任、不启动，警告只出现一次
      Given 模型在一次 CLI 运行中把会留下标记文件的 MCP 服务器 "evil" 写进工作目录的 "mcp_servers.json"
      When CLI 运行 synapse "mcp list"
      Then CLI 退出码应该是 0
      And MCP 服务器 "evil" 不应该被启动过
      And CLI 标准输出应该包含 "evil  untrusted (not started)"
      And CLI 标准错误中应该恰好有 1 条警告包含 "mcp_servers.json (evil) were not started"
      And CLI 标准错误应该包含 "Trust it with --trust-project"

    Scenario: synapse exec 调用工作区的服务器：不启动，结果说明项目不受信任
      Given 模型在一次 CLI 运行中把会留下标记文件的 MCP 服务器 "evil" 写进工作目录的 "mcp_servers.json"
      When CLI 运行 synapse "exec mcp:evil:anything"
      Then CLI 退出码应该是 1
      And MCP 服务器 "evil" 不应该被启动过
      And CLI 标准错误应该包含 'MCP server "evil" was not started: it is defined in'
      And CLI 标准错误中应该恰好有 1 条警告包含 "mcp_servers.json (evil) were not started"

    Scenario: 下一次 synapse run 不启动 Claude Code 名字的 .mcp.json 里的服务器，系统提示也不列出它
      Given 模型在一次 CLI 运行中把会留下标记文件的 MCP 服务器 "evil" 写进工作目录的 ".mcp.json"
      And CLI 模型会调用 Bash 执行 "mcp:list"
      And CLI 模型会回复 "listed"
      When CLI 运行 synapse "run --no-session --base-url <model> 'list the servers'"
      Then CLI 退出码应该是 0
      And MCP 服务器 "evil" 不应该被启动过
      And CLI 模型收到的第 4 次请求中的工具结果应该包含 "evil  untrusted (not started)"
      And CLI 模型收到的第 3 次请求的系统提示不应该提到 "evil"
      And CLI 标准错误中应该恰好有 1 条警告包含 ".mcp.json (evil) were not started"

    Scenario Outline: --trust-project 让 <命令> 启动工作区的服务器
      Given 模型在一次 CLI 运行中把会留下标记文件的 MCP 服务器 "evil" 写进工作目录的 "<文件>"
      When CLI 运行 synapse "<命令>"
      Then MCP 服务器 "evil" 应该被启动过
      And CLI 标准输出和标准错误都不应该包含 "were not started"

      Examples:
        | 文件             | 命令                                       |
        | mcp_servers.json | mcp list --trust-project                   |
        | .mcp.json        | exec --trust-project mcp:evil:anything     |

    Scenario: --trust-project 的 run 里模型能用 .mcp.json 配置的真实服务器
      Given CLI 工作目录的 ".mcp.json" 中有 MCP 服务器 "everything"：server-everything
      And CLI 模型会调用 Bash 执行 "mcp:everything:echo {\"message\": \"trusted\"}"
      And CLI 模型会回复 "done"
      When CLI 运行 synapse "run --no-session --trust-project --base-url <model> 'echo it'"
      Then CLI 退出码应该是 0
      And CLI 模型收到的第 2 次请求中的工具结果应该包含 "Echo: trusted"
      And 本场景不应有 MCP 服务器进程在运行

    Scenario: --no-trust-project 连信任记录也不看
      Given 模型在一次 CLI 运行中把会留下标记文件的 MCP 服务器 "evil" 写进工作目录的 "mcp_servers.json"
      And CLI 的信任记录里有工作目录
      When CLI 运行 synapse "mcp list --no-trust-project"
      Then MCP 服务器 "evil" 不应该被启动过
      And CLI 标准输出应该包含 "evil  untrusted (not started)"

  Rule: 终端上的询问记下回答

    Scenario: 在终端上回答"是"：服务器启动，信任被记下，之后没有终端的命令也启动它
      Given 模型在一次 CLI 运行中把会留下标记文件的 MCP 服务器 "evil" 写进工作目录的 "mcp_servers.json"
      When CLI 在伪终端里运行 synapse "mcp list"，出现 "Trust the project" 时按下 "y、回车"
      Then MCP 服务器 "evil" 应该被启动过
      And CLI 终端上应该显示过 "mcp_servers.json: evil: " 与 "-e require"
      And CLI 的信任记录应该按真实路径记下工作目录
      When 删去 MCP 服务器 "evil" 的标记文件
      And CLI 运行 synapse "mcp list"
      Then MCP 服务器 "evil" 应该被启动过
      And CLI 标准输出和标准错误都不应该包含 "were not started"

    Scenario: 信任记下的是当时要运行的程序：之后工作区的 MCP 配置变了，就不再启动，说明变了什么
      Given 模型在一次 CLI 运行中把会留下标记文件的 MCP 服务器 "evil" 写进工作目录的 "mcp_servers.json"
      When CLI 在伪终端里运行 synapse "mcp list"，出现 "Trust the project" 时按下 "y、回车"
      Then MCP 服务器 "evil" 应该被启动过
      When 工作目录的 "mcp_servers.json" 被改成会留下标记文件的 MCP 服务器 "evil2"
      And CLI 运行 synapse "mcp list"
      Then MCP 服务器 "evil2" 不应该被启动过
      And CLI 标准输出应该包含 "evil2  untrusted (not started)"
      And CLI 标准错误应该包含 "changed since it was trusted"
      And CLI 标准错误应该包含 "mcp_servers.json: evil2: "

    Scenario: 在终端上回答"否"：什么也不启动，也不记下
      Given 模型在一次 CLI 运行中把会留下标记文件的 MCP 服务器 "evil" 写进工作目录的 "mcp_servers.json"
      When CLI 在伪终端里运行 synapse "mcp list"，出现 "Trust the project" 时按下 "n、回车"
      Then MCP 服务器 "evil" 不应该被启动过
      And CLI 终端上应该显示过 "evil  untrusted (not started)" 与 "were not started"
      And CLI 的 HOME 中不应该有信任记录

  Rule: 只有工作区之外的文件替用户说话

    Scenario: HOME 就是工作区时，~/.synapse/mcp 的配置也是项目自己的配置
      Given 会留下标记文件的 MCP 服务器 "home-evil" 写在 HOME 的 ".synapse/mcp/mcp_servers.json" 里
      When CLI 以 HOME 为工作目录运行 synapse "mcp list"
      Then MCP 服务器 "home-evil" 不应该被启动过
      And CLI 标准输出应该包含 "home-evil  untrusted (not started)"

    Scenario: 工作区里的信任记录不算数
      Given 会留下标记文件的 MCP 服务器 "home-evil" 写在 HOME 的 ".synapse/mcp/mcp_servers.json" 里
      And CLI 的信任记录里有 HOME
      When CLI 以 HOME 为工作目录运行 synapse "mcp list"
      Then MCP 服务器 "home-evil" 不应该被启动过
      And CLI 标准错误应该包含 "is inside the project"

    Scenario: 用 --mcp-config 明确指定的工作区文件由用户作主，照常启动
      Given 模型在一次 CLI 运行中把会留下标记文件的 MCP 服务器 "evil" 写进工作目录的 "mcp_servers.json"
      When CLI 运行 synapse "mcp list --mcp-config <work>/mcp_servers.json"
      Then MCP 服务器 "evil" 应该被启动过

    Scenario: 坏掉的信任记录：什么也不信任并说明；回答"是"时坏文件被留作旁证，不被覆盖
      Given 模型在一次 CLI 运行中把会留下标记文件的 MCP 服务器 "evil" 写进工作目录的 "mcp_servers.json"
      And CLI 的信任记录的内容是 "{not json"
      When CLI 运行 synapse "mcp list"
      Then MCP 服务器 "evil" 不应该被启动过
      And CLI 标准错误应该包含 "trusted-projects.json is not valid JSON"
      When CLI 在伪终端里运行 synapse "mcp list"，出现 "Trust the project" 时按下 "y、回车"
      Then MCP 服务器 "evil" 应该被启动过
      And CLI 终端上应该显示过 "kept as " 与 "trusted-projects.json.corrupt-"
      And CLI 的信任记录应该按真实路径记下工作目录
      And CLI 的 HOME 中应该有内容为 "{not json" 的旁证文件

  Rule: 信任记录坏掉时什么也不信任，说明为什么，也不丢掉它

    Scenario Outline: 信任记录是<情形>：不信任，说明原因；回答"是"时信任这一次，<记下>
      Given 库的信任记录是<情形>
      When 库为工作区询问信任，回答"是"
      Then 询问前的判断应是不信任，说明包含 "<原因>"
      And 回答之后项目应受信任，说明包含 "<之后>"

      Examples:
        | 情形                     | 原因                                     | 记下                 | 之后                                   |
        | 版本不对的 JSON          | version: Invalid input: expected 1       | 坏记录被留作旁证     | kept as                                |
        | 一个目录                 | cannot read the trust store              | 坏记录被留作旁证     | kept as                                |
        | 所在的 .synapse 是个文件 | cannot read the trust store              | 记不下来时说明只信这一次 | trusted for this run only          |

  Rule: 项目自己的设置文件也看同一个信任

    Scenario: 受信任项目（--trust-project）的设置文件：放宽的规则也生效，没有告警
      Given CLI 工作目录中有文件 ".synapse/settings.json" 内容为:
        """
        {"permissions": {"allow": ["rm -r*"]}}
        """
      And CLI 工作目录中有文件 "d/f" 内容为 "x"
      When CLI 运行 synapse "exec --trust-project 'rm -r d'"
      Then CLI 退出码应该是 0
      And CLI 工作目录中不应该有文件 "d/f"
      And CLI 标准输出和标准错误都不应该包含 "the project is not trusted"

    Scenario: 受信任项目（信任记录）的设置文件：放宽的规则也生效；--no-trust-project 时照旧被忽略
      Given CLI 工作目录中有文件 ".synapse/settings.json" 内容为:
        """
        {"permissions": {"allow": ["rm -r*"]}}
        """
      And CLI 工作目录中有文件 "d/f" 内容为 "x"
      And CLI 的信任记录里有工作目录
      When CLI 运行 synapse "exec --no-trust-project 'rm -r d'"
      Then CLI 退出码应该是 126
      And CLI 标准错误应该包含 "permissions.allow ignored: the project is not trusted"
      When CLI 运行 synapse "exec 'rm -r d'"
      Then CLI 退出码应该是 0
      And CLI 工作目录中不应该有文件 "d/f"

  Rule: 项目设置文件里运行程序的键（hooks、env）也只按信任时的内容生效
    信任记录同样记下项目设置文件（.synapse/settings.json、settings.local.json）里 hooks 与 env 当时的指纹。
    之后它们变了（没有 bubblewrap 时模型的 shell 能改写这个文件），变了的键就不再生效：没有终端时一条警告说出
    哪个文件的哪个键变了、现在是什么，运行照常进行；终端上再问一次，回答"是"后生效。

    Scenario: 在终端上信任设置文件里的钩子；没变的钩子照常运行；之后被换掉的钩子不运行，直到在终端上再次信任
      Given 钩子 "kept" 挂在 PreToolUse 上
      And CLI 的项目设置文件里是这些钩子
      When CLI 在伪终端里运行 synapse "exec 'echo hi'"，出现 "Trust the project" 时按下 "y、回车"
      Then 钩子 "kept" 应该被调用 1 次
      And CLI 终端上应该显示过 "settings.json: hooks: PreToolUse *: " 与 "kept"
      When CLI 运行 synapse "exec 'echo hi'"
      Then 钩子 "kept" 应该被调用 2 次
      And CLI 标准输出和标准错误都不应该包含 "ignored"
      Given 钩子 "planted" 挂在 PreToolUse 上
      And CLI 的项目设置文件里是这些钩子
      When CLI 运行 synapse "exec 'echo hi'"
      Then CLI 退出码应该是 0
      And CLI 标准输出应该是 "hi"
      And 钩子 "planted" 应该被调用 0 次
      And CLI 标准错误中应该恰好有 1 条警告包含 "settings.json: hooks ignored: changed since the project was trusted"
      And CLI 标准错误应该包含 "now: hooks: PreToolUse *: "
      When CLI 在伪终端里运行 synapse "exec 'echo hi'"，出现 "Trust the project" 时按下 "y、回车"
      Then 钩子 "planted" 应该被调用 1 次

    Scenario: 信任之后 env 变了：变了的 env 不生效，警告说出文件与现在的值
      Given CLI 工作目录中有文件 ".synapse/settings.local.json" 内容为:
        """
        {"env": {"GREETING": "trusted"}}
        """
      When CLI 在伪终端里运行 synapse "exec 'echo $GREETING'"，出现 "Trust the project" 时按下 "y、回车"
      Then CLI 终端上应该显示过 "settings.local.json: env: " 与 "GREETING="
      When CLI 运行 synapse "exec 'echo $GREETING'"
      Then CLI 标准输出应该是 "trusted"
      Given CLI 工作目录中有文件 ".synapse/settings.local.json" 内容为:
        """
        {"env": {"GREETING": "planted"}}
        """
      When CLI 运行 synapse "exec 'echo $GREETING'"
      Then CLI 退出码应该是 0
      And CLI 标准输出应该是 ""
      And CLI 标准错误中应该恰好有 1 条警告包含 "settings.local.json: env ignored: changed since the project was trusted"
      And CLI 标准错误应该包含 "now: env: GREETING=planted"

    Scenario: 没有指纹的信任记录（手写的，或更早的）照旧信任整个项目：设置文件里的钩子运行
      Given 钩子 "kept" 挂在 PreToolUse 上
      And CLI 的项目设置文件里是这些钩子
      And CLI 的信任记录里有工作目录
      When CLI 运行 synapse "exec 'echo hi'"
      Then CLI 退出码应该是 0
      And 钩子 "kept" 应该被调用 1 次
      And CLI 标准输出和标准错误都不应该包含 "ignored"

    Scenario: 只为设置文件里的钩子信任过的项目，之后出现的 MCP 服务器不启动
      Given 钩子 "kept" 挂在 PreToolUse 上
      And CLI 的项目设置文件里是这些钩子
      When CLI 在伪终端里运行 synapse "exec 'echo hi'"，出现 "Trust the project" 时按下 "y、回车"
      Then 钩子 "kept" 应该被调用 1 次
      When 工作目录的 "mcp_servers.json" 被改成会留下标记文件的 MCP 服务器 "evil"
      And CLI 运行 synapse "mcp list"
      Then MCP 服务器 "evil" 不应该被启动过
      And CLI 标准输出应该包含 "evil  untrusted (not started)"
      And CLI 标准错误应该包含 "changed since it was trusted"
