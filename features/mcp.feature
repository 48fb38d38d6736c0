@own @mcp
Feature: MCP 客户端：经由 mcp:* 调用真实的 MCP 服务器
  `mcp:*` 命令经由 MCP SDK 调用配置好的服务器。每个场景都用 npm 上的真实服务器
  （@modelcontextprotocol/server-everything 与 server-filesystem），经由 stdio；HTTP 传输（Streamable HTTP
  与老式 SSE）在 features/cli/cli-extensions.feature 里经由 CLI 子进程验证。场景的项目目录与 HOME 都在
  它自己的临时目录里。服务器在首次使用时才启动，
  关闭时全部结束：每个场景都在服务器的命令行里留下自己的标记，用 pgrep 找到它启动的进程。
  这些场景的项目都受信任（`trustProject: true`）：项目自己的配置不受信任时会怎样，见
  features/security/project-trust.feature。

  Background:
    Given 本场景的扩展层信任项目

  Rule: 配置：三处来源按优先级合并，坏的配置只影响它自己

    Scenario: 同名服务器取优先级最高的定义：--mcp-config，然后项目的 mcp_servers.json，然后 ~/.synapse/mcp
      Given 用户配置中有 MCP 服务器 "everything"，命令为 `synapse-no-such-server`
      And 用户配置中有 MCP 服务器 "home-only"，命令为 `synapse-no-such-server`
      And 项目配置中有 MCP 服务器 "everything"：server-everything
      And 项目配置中有 MCP 服务器 "files"，命令为 `synapse-no-such-server`
      And --mcp-config 文件中有 MCP 服务器 "files"：server-filesystem，根目录为工作区
      When 列出 MCP 服务器
      Then MCP 服务器 "everything" 应为 "ready"，定义来自项目配置
      And MCP 服务器 "files" 应为 "ready"，定义来自 --mcp-config 文件
      And MCP 服务器 "home-only" 应为 "failed"，定义来自用户配置

    Scenario: 坏的配置文件：一条错误指出文件与字段，其他服务器照常可用
      Given --mcp-config 文件的内容为:
        """
        {"mcpServers": {
          "broken": {"command": 42},
          "everything": {"command": "{node}", "args": ["{marker}", "{everything}", "stdio"]}
        }}
        """
      And 项目配置的内容为:
        """
        {"mcpServers": {"oops":
        """
      When 路由命令 `mcp:list`
      Then 退出码应为 `0`
      And 标准输出应包含 `{explicit}: mcpServers.broken.command: Invalid input: expected string, received number`
      And 标准输出应包含 `{project}: not valid JSON`
      And 标准输出应包含 `everything  ready (stdio, 19 tools)`
      When 路由命令 `mcp:broken:anything`
      Then 命令结果的失败类别应为 `command_not_found`
      And stderr 应包含 `Its configuration is invalid`
      And stderr 应包含 `mcpServers.broken.command`

    Scenario: 每种配置错误都指出文件与字段；相对的 cwd 按配置文件所在的目录解析
      Given --mcp-config 指定的文件不存在
      And 用户配置的内容为:
        """
        [{"mcpServers": {}}]
        """
      And 项目配置的内容为:
        """
        {"mcpServers": {
          "bad name": {"command": "node"},
          "no-kind": {"args": ["x"]},
          "remote": {"url": "ftp://example.org/mcp"},
          "files": {"command": "{node}", "args": ["{marker}", "{filesystem}", "roots"], "cwd": "sub"}
        }}
        """
      And 工作区文件 `sub/roots/kept.txt` 的内容为 "kept"
      When 路由命令 `mcp:list`
      Then 退出码应为 `0`
      And 标准输出应包含 `{explicit}: cannot read the MCP config (ENOENT)`
      And 标准输出应包含 `{home}/.synapse/mcp/mcp_servers.json: (top level): expected an object, {"mcpServers": {...}}`
      And 标准输出应包含 `{project}: mcpServers.bad name: a server name is 1-64 letters, digits, '_', '.' or '-' (it becomes mcp:<name>:<tool>)`
      And 标准输出应包含 `{project}: mcpServers.no-kind: expected {"command", "args"?, "env"?, "cwd"?} or {"url", "headers"?}`
      And 标准输出应包含 `{project}: mcpServers.remote.url: must be an http(s) URL`
      And 标准输出应包含 `files  ready (stdio, 14 tools)`
      When 路由命令 `mcp:files:list_directory --path sub/roots`
      Then 标准输出应包含 `[FILE] kept.txt`

    Scenario: 没有配置任何服务器：mcp:list 说明找过哪些文件、配置文件的样子；调用说明一个也没有
      Given 本场景的扩展层没有配置任何技能或 MCP 服务器
      When 路由命令 `mcp:list`
      Then 标准输出应包含 `No MCP servers are configured. Looked in: {project}, {workspace}/.mcp.json, {home}/.synapse/mcp/mcp_servers.json.`
      And 标准输出应包含 `A config file looks like {"mcpServers": {"<name>": {"command": "...", "args": [...]}}}`
      When 路由命令 `mcp:files:read_file`
      Then 命令结果的失败类别应为 `command_not_found`
      And stderr 应包含 `Unknown MCP server "files". Configured servers: (none).`
      When 路由命令 `mcp:files`
      Then stderr 应包含 `Unknown MCP server "files". Configured servers: (none)`

  Rule: 生命周期：首次使用时启动，close() 时全部结束

    Scenario: 启动过的服务器的工具被记住：下一次运行的系统提示列出它们，也不启动服务器
      Given 项目配置中有 MCP 服务器 "everything"：server-everything
      And 此前另一个进程调用过 `mcp:everything:echo {"message": "warm"}` 后已退出
      And Runner 使用本场景的扩展层
      And 模型直接回复 "ok"
      When 执行一次运行
      Then 模型收到的系统提示应包含 `- everything: echo, get-annotated-message, get-env, get-resource-links,`
      And 本场景不应有 MCP 服务器进程在运行

    Scenario: 已经启动的服务器，系统提示列出它此刻的工具；没有工具的服务器标明没有
      Given 项目配置中有 MCP 服务器 "odd"：fixtures/mcp-odd-server.cjs
      And 项目配置中有 MCP 服务器 "bare"：fixtures/mcp-odd-server.cjs --no-tools
      And Runner 使用本场景的扩展层
      And 模型直接回复 "ok"
      When 路由命令 `mcp:list`
      And 执行一次运行
      Then 模型收到的系统提示应包含 `- odd: record, defaults, loose, unchecked, media, bare-structured, huge, silent-error, nothing, throws, dies, slow, malformed, legacy, nested`
      And 模型收到的系统提示应包含 `- bare: (no tools)`

    Scenario: 配置的服务器很多时，系统提示只列出前 20 个，其余请运行 mcp:list
      Given 项目配置中有 25 个 MCP 服务器
      And Runner 使用本场景的扩展层
      And 模型直接回复 "ok"
      When 执行一次运行
      Then 模型收到的系统提示应列出 20 个 MCP 服务器
      And 模型收到的系统提示应包含 `- ... 5 more servers: run mcp:list`

    Scenario: close() 结束它启动的每个服务器进程
      Given 项目配置中有 MCP 服务器 "everything"：server-everything
      And 项目配置中有 MCP 服务器 "files"：server-filesystem，根目录为工作区
      When 路由命令 `mcp:list`
      Then 应有 2 个本场景的 MCP 服务器进程在运行
      When 关闭扩展层
      Then 本场景不应有 MCP 服务器进程在运行
      When 路由命令 `mcp:everything:echo {"message": "after close"}`
      Then 退出码应为 `1`

    Scenario: 服务器留在后台的进程，脱离了进程组（setsid）也随服务器一起结束
      Given 项目配置中有 MCP 服务器 "forking"，命令为 `bash -c "setsid {node} {marker} -e 'setInterval(() => {}, 1000)' & exec {node} {marker} {everything} stdio"`
      When 路由命令 `mcp:forking:echo {"message": "hi"}`
      Then 命令结果应为 stdout "Echo: hi\n"、stderr ""、退出码 0
      And 应有 2 个本场景的 MCP 服务器进程在运行
      When 关闭扩展层
      Then 本场景不应有 MCP 服务器进程在运行

    Scenario: 服务器自己退出、留在后台的进程还握着它的管道时，下一次调用结束那些进程并重新启动它
    后台进程继承了服务器的标准输入输出，Node 等不到管道关闭，就不知道服务器已经退出；调用之前问内核才知道。
      Given 项目配置中有 MCP 服务器 "forking"，命令为 `bash -c "setsid {node} {marker} -e 'setInterval(() => {}, 1000)' & exec {node} {marker} {everything} stdio"`
      When 路由命令 `mcp:forking:echo {"message": "one"}`
      And 杀掉本场景运行 server-everything 的那个进程
      And 路由命令 `mcp:forking:echo {"message": "two"}`
      Then 命令结果应为 stdout "Echo: two\n"、stderr ""、退出码 0
      And 应有 2 个本场景的 MCP 服务器进程在运行
      When 关闭扩展层
      Then 本场景不应有 MCP 服务器进程在运行

    Scenario: 调用进行中服务器退出、留在后台的进程还握着它的管道时，调用很快以“中途退出”失败，不等调用时限
      Given 项目配置中有 MCP 服务器 "forking"，命令为 `bash -c "setsid {node} {marker} -e 'setInterval(() => {}, 1000)' & exec {node} {marker} {everything} stdio"`
      When 路由命令 `mcp:forking:trigger-long-running-operation --duration 30 --steps 30`，服务器收到调用后杀掉本场景运行 server-everything 的那个进程
      Then 退出码应为 `1`
      And stderr 包含 `went away during the call`
      And 命令应在 5000 毫秒内结束
      And 本场景不应有 MCP 服务器进程在运行

    Scenario: close() 之后不再启动还没用过的服务器
      Given 项目配置中有 MCP 服务器 "odd"：fixtures/mcp-odd-server.cjs
      When 关闭扩展层
      And 路由命令 `mcp:odd:nothing`
      Then 命令结果的失败类别应为 `command_not_found`
      And stderr 应包含 `MCP servers are closed; "odd" cannot start`
      And 本场景不应有 MCP 服务器进程在运行

    Scenario: 同时到来的几次首次使用共用一个服务器进程（并行的子代理）
      Given 项目配置中有 MCP 服务器 "everything"：server-everything
      When 经由 4 个路由器同时调用 `mcp:everything:echo {"message": "together"}`
      Then 每个调用都应输出 "Echo: together"
      And 应有 1 个本场景的 MCP 服务器进程在运行
      When 关闭扩展层
      Then 本场景不应有 MCP 服务器进程在运行

    Scenario: 启动即退出的服务器：错误给出它的命令与 stderr 的末尾
      Given 项目配置中有 MCP 服务器 "broken"，命令为 `node -e "console.error('FOO_API_KEY is not set'); process.exit(3)"`
      When 路由命令 `mcp:broken:anything`
      Then 退出码应为 `1`
      And 命令结果的失败类别应为 `execution_error`
      And stderr 应包含 `MCP server "broken" (node -e console.error('FOO_API_KEY is not set'); process.exit(3)) failed to start: it exited before answering`
      And stderr 应包含 `its stderr ends with:`
      And stderr 应包含 `FOO_API_KEY is not set`

    Scenario: 命令不存在的服务器：错误说它的命令无法运行
      Given 项目配置中有 MCP 服务器 "ghost"，命令为 `synapse-no-such-server --stdio`
      When 路由命令 `mcp:ghost:anything`
      Then 命令结果的失败类别应为 `execution_error`
      And stderr 应包含 `MCP server "ghost" (synapse-no-such-server --stdio) failed to start: cannot run its command (ENOENT)`

    Scenario: 不应答的服务器在连接时限（SYNAPSE_MCP_CONNECT_TIMEOUT）后被放弃并结束
      Given 环境变量 `SYNAPSE_MCP_CONNECT_TIMEOUT=500`
      And 项目配置中有 MCP 服务器 "silent"，命令为 `node {marker} -e "setInterval(() => {}, 1000)"`
      When 路由命令 `mcp:silent:anything`
      Then 命令结果的失败类别应为 `execution_error`
      And stderr 应包含 `failed to start: no answer within 500 ms (SYNAPSE_MCP_CONNECT_TIMEOUT)`
      And 命令应在 3000 毫秒内结束
      When 关闭扩展层
      Then 本场景不应有 MCP 服务器进程在运行

    Scenario: 每次调用有时限（SYNAPSE_MCP_CALL_TIMEOUT）：超时的调用被取消，服务器随后仍可用
      Given 环境变量 `SYNAPSE_MCP_CALL_TIMEOUT=700`
      And 项目配置中有 MCP 服务器 "everything"：server-everything
      When 路由命令 `mcp:everything:echo {"message": "warm-up"}`
      And 路由命令 `mcp:everything:trigger-long-running-operation --duration 10 --steps 4`
      Then 退出码应为 `124`
      And stderr 应包含 `mcp:everything:trigger-long-running-operation timed out after 700 ms (SYNAPSE_MCP_CALL_TIMEOUT) and was cancelled`
      And 命令应在 5000 毫秒内结束
      When 路由命令 `mcp:everything:echo {"message": "still here"}`
      Then 命令结果应为 stdout "Echo: still here\n"、stderr ""、退出码 0

    Scenario: 比计时器能等的更长的连接与调用时限等于没有时限，而不是立刻超时
      Given 环境变量 `SYNAPSE_MCP_CONNECT_TIMEOUT=99999999999`
      And 环境变量 `SYNAPSE_MCP_CALL_TIMEOUT=99999999999`
      And 项目配置中有 MCP 服务器 "everything"：server-everything
      When 路由命令 `mcp:everything:echo {"message": "patient"}`
      Then 命令结果应为 stdout "Echo: patient\n"、stderr ""、退出码 0

    Scenario: 取消进行中的调用：SDK 把取消通知送到服务器，服务器随后仍可用
      Given 项目配置中有经由记录器启动的 MCP 服务器 "everything"：server-everything
      When 用 AbortSignal 调用 Bash 工具执行 `mcp:everything:trigger-long-running-operation --duration 10 --steps 10` 并在服务器收到调用后中止
      Then Bash 工具结果应为中断错误，退出码 130
      And 服务器应收到对这次 tools/call 的 notifications/cancelled
      When 路由命令 `mcp:everything:echo {"message": "after cancel"}`
      Then 命令结果应为 stdout "Echo: after cancel\n"、stderr ""、退出码 0

    Scenario: 服务器中途退出后，下一次调用重新启动它
      Given 项目配置中有 MCP 服务器 "everything"：server-everything
      When 路由命令 `mcp:everything:echo {"message": "one"}`
      And 杀掉本场景的 MCP 服务器进程
      And 路由命令 `mcp:everything:echo {"message": "two"}`
      Then 命令结果应为 stdout "Echo: two\n"、stderr ""、退出码 0
      And 应有 1 个本场景的 MCP 服务器进程在运行

    Scenario: 服务器刚退出、运行时还没察觉时的调用也不丢：先重启服务器再发送
      Given 项目配置中有 MCP 服务器 "everything"：server-everything
      When 路由命令 `mcp:everything:echo {"message": "one"}`
      And 杀掉本场景的 MCP 服务器进程，不等运行时察觉就路由命令 `mcp:everything:echo {"message": "two"}`
      Then 命令结果应为 stdout "Echo: two\n"、stderr ""、退出码 0
      And 应有 1 个本场景的 MCP 服务器进程在运行

  Rule: 命令：mcp:list、--help、参数与结果

    Scenario: mcp:list 列出服务器、状态与工具，每个工具一行描述
      Given 项目配置中有 MCP 服务器 "everything"：server-everything
      When 路由命令 `mcp:list`
      Then 标准输出应包含 `everything  ready (stdio, 19 tools)  `
      And 标准输出中工具 "echo" 的描述应为 "Echoes back the input string"
      And 标准输出中工具 "get-sum" 的描述应为 "Returns the sum of two numbers"
      And 标准输出应包含 `Call a tool: mcp:<server>:<tool> '<json>' (or --name value); its parameters: mcp:<server>:<tool> --help`

    Scenario: --help 由工具的输入模式生成：参数、类型、是否必填、枚举值、默认值与描述
      Given 项目配置中有 MCP 服务器 "everything"：server-everything
      When 路由命令 `mcp:everything:get-structured-content --help`
      Then 标准输出应包含 `--location  (one of "New York", "Chicago", "Los Angeles", required)  Choose city`
      When 路由命令 `mcp:everything:get-sum --help`
      Then 标准输出应包含 `--a  (number, required)  First number`
      And 标准输出应包含 `Example: mcp:everything:get-sum '{"a":1,"b":1}'`
      When 路由命令 `mcp:everything:trigger-long-running-operation --help`
      Then 标准输出应包含 `--duration  (number, optional, default 10)  Duration of the operation in seconds`

    Scenario: 参数写成 JSON 或 --name value，按工具的模式转换类型
      Given 项目配置中有 MCP 服务器 "everything"：server-everything
      Then 依次路由下列命令，每条都应成功并输出:
        | 写法             | 命令                                          | 输出                         |
        | 引号里的 JSON    | mcp:everything:get-sum '{"a": 2, "b": 3}'     | The sum of 2 and 3 is 5.     |
        | 不加引号的 JSON  | mcp:everything:echo {"message": "it's here"}  | Echo: it's here              |
        | 数字参数         | mcp:everything:get-sum --a 2 --b 3.5          | The sum of 2 and 3.5 is 5.5. |
        | 等号与负数       | mcp:everything:get-sum --a=-1 --b=1           | The sum of -1 and 1 is 0.    |
        | 字符串仍是字符串 | mcp:everything:echo --message 42              | Echo: 42                     |

    Scenario: 不合模式的参数在调用之前就被拒绝，并指出参数与期望
      Given 项目配置中有经由记录器启动的 MCP 服务器 "everything"：server-everything
      Then 依次路由下列命令，每条都应是 invalid_usage，stderr 给出错误与 --help 指引:
        | 情形            | 命令                                                    | 错误                                                                                    |
        | 类型不符        | mcp:everything:get-sum --a x --b 1                      | parameter "a" must be a number (got "x")                                                |
        | 缺少必填        | mcp:everything:get-sum --a 1                            | missing required parameter "b" (number)                                                 |
        | 不在枚举中      | mcp:everything:get-structured-content --location Paris  | parameter "location" must be one of "New York", "Chicago", "Los Angeles" (got "Paris") |
        | 未知参数        | mcp:everything:echo --mesage hi                         | unknown parameter --mesage; parameters: --message                                       |
        | JSON 写坏了     | mcp:everything:echo '{"message": }'                     | the arguments are not valid JSON                                                        |
        | JSON 与参数混用 | mcp:everything:echo '{"message": "a"}' --message b      | pass either one JSON object or --name value flags, not both                             |
      And 服务器不应收到任何 tools/call

    Scenario: 服务器的模式是 JSON Schema 2020-12：整数、可空、任意值与嵌套对象的参数同样按模式转换
      Given 项目配置中有 MCP 服务器 "odd"：fixtures/mcp-odd-server.cjs
      Then 依次路由下列命令，每条都应成功并输出:
        | 写法                                 | 命令                                                                                                   | 输出                                                                                     |
        | 重复的参数组成数组，开关不带值即为真 | mcp:odd:record --tags a --tags b --limit 2 --verbose --options '{"depth": 1}'                          | {"tags":["a","b"],"limit":2,"verbose":true,"options":{"depth":1}}                        |
        | 数组写成 JSON，--no- 关掉开关        | mcp:odd:record --tags '["a", "b"]' --limit=3 --no-verbose --options '{"depth": 0}'                     | {"tags":["a","b"],"limit":3,"verbose":false,"options":{"depth":0}}                       |
        | 开关写明 false，可空参数取 null      | mcp:odd:record --tags a --limit 1 --verbose false --options '{"depth": 1}' --note null                 | {"tags":["a"],"limit":1,"verbose":false,"options":{"depth":1},"note":null}               |
        | 任意值参数的 JSON 被解析             | mcp:odd:record --tags a --limit 1 --verbose --options '{"depth": 1}' --note hi --extra '{"k": [1]}'    | {"tags":["a"],"limit":1,"verbose":true,"options":{"depth":1},"note":"hi","extra":{"k":[1]}} |
        | 写坏的 JSON 仍是文字                 | mcp:odd:record --tags a --limit 1 --verbose --options '{"depth": 1}' --extra '{oops'                   | {"tags":["a"],"limit":1,"verbose":true,"options":{"depth":1},"extra":"{oops"}            |
        | anyOf 的整数                         | mcp:odd:record --tags a --limit 1 --verbose --options '{"depth": 1}' --level 2                         | {"tags":["a"],"limit":1,"verbose":true,"options":{"depth":1},"level":2}                  |
        | anyOf 的枚举                         | mcp:odd:record --tags a --limit 1 --verbose --options '{"depth": 1}' --level high                      | {"tags":["a"],"limit":1,"verbose":true,"options":{"depth":1},"level":"high"}             |
        | 允许额外键的模式放过未知参数         | mcp:odd:loose --known a --other '[1, 2]'                                                               | {"known":"a","other":[1,2]}                                                              |
        | 验证器编译不了的模式交给服务器       | mcp:odd:unchecked --x 5                                                                                | {"x":"5"}                                                                                |
        | 枚举里的数字                         | mcp:odd:defaults --mode x --choice 1                                                                   | {"mode":"x","choice":1}                                                                  |
        | 枚举里的 null；没有元素模式的数组    | mcp:odd:defaults --mode x --choice null --items '[1, "a"]'                                             | {"mode":"x","choice":null,"items":[1,"a"]}                                               |
        | 枚举里的布尔值与小数                 | mcp:odd:defaults --choice true --mode 2.5                                                              | {"choice":true,"mode":"2.5"}                                                             |

    Scenario: 2020-12 模式下的错误同样在调用之前指出参数与期望，嵌套的参数给出路径
      Given 项目配置中有 MCP 服务器 "odd"：fixtures/mcp-odd-server.cjs
      Then 依次路由下列命令，每条都应是 invalid_usage，stderr 给出错误与 --help 指引:
        | 情形               | 命令                                                                                              | 错误                                                                             |
        | 不是参数的词       | mcp:odd:record hello                                                                              | unexpected argument "hello": pass '<json>' or --name value flags                 |
        | 开关后不是布尔值   | mcp:odd:record --verbose maybe                                                                    | unexpected argument "maybe"                                                      |
        | 缺少值             | mcp:odd:record --limit                                                                            | --limit needs a value                                                            |
        | 给了两次           | mcp:odd:record --limit 1 --limit 2                                                                | --limit is given twice                                                           |
        | 缺少数组参数       | mcp:odd:record --limit 1 --verbose --options '{"depth": 1}'                                       | missing required parameter "tags" (array of string)                              |
        | 不是整数           | mcp:odd:record --tags a --limit 1.5 --verbose --options '{"depth": 1}'                            | parameter "limit" must be an integer (got 1.5)                                   |
        | 低于下限           | mcp:odd:record --tags a --limit 0 --verbose --options '{"depth": 1}'                              | parameter "limit" must be >= 1                                                   |
        | 不是对象           | mcp:odd:record --tags a --limit 1 --verbose --options 5                                           | parameter "options" must be an object (got "5")                                  |
        | 嵌套的必填         | mcp:odd:record --tags a --limit 1 --verbose --options '{}'                                        | missing required parameter "options.depth"                                       |
        | 嵌套的未知键       | mcp:odd:record --tags a --limit 1 --verbose --options '{"depth": 1, "deep": 2}'                   | parameter "options" has an unknown key "deep"                                    |
        | 不可空之外的类型   | mcp:odd:record '{"tags": ["a"], "limit": 1, "verbose": true, "options": {"depth": 1}, "note": 5}' | parameter "note" must be a string or null (got 5)                                |
        | 数组元素的类型     | mcp:odd:record '{"tags": [1], "limit": 1, "verbose": true, "options": {"depth": 1}}'              | parameter "tags[0]" must be a string (got 1)                                     |
        | 不是数组           | mcp:odd:record '{"tags": "a", "limit": 1, "verbose": true, "options": {"depth": 1}}'              | parameter "tags" must be an array (got "a")                                      |
        | JSON 里的未知参数  | mcp:odd:record '{"tag": ["a"], "limit": 1, "verbose": true, "options": {"depth": 1}}'             | unknown parameter "tag" (parameters: tags, limit, verbose, options, note, level, extra); missing required parameter "tags" (array of string) |
        | anyOf 的哪一支都不合 | mcp:odd:record --tags a --limit 1 --verbose --options '{"depth": 1}' --level medium             | parameter "level" must be an integer (got "medium"); parameter "level" must be one of "low", "high" (got "medium") |
        | 对象与数组互换，长文字被截短 | mcp:odd:record '{"tags": {"a": 1}, "options": [1], "limit": "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy", "verbose": true}' | parameter "tags" must be an array (got an object); parameter "limit" must be an integer (got "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy..."); parameter "options" must be an object (got an array) |
        | 整个参数对象的规则   | mcp:odd:loose                                                                                     | the arguments must NOT have fewer than 1 properties                              |
        | 有默认值的必填参数也要给 | mcp:odd:defaults --choice a                                                                   | missing required parameter "mode" (string)                                       |

    Scenario: --help 读 2020-12 模式：标题、每种类型的占位、任意值参数、可选参数，示例只填必填参数
      Given 项目配置中有 MCP 服务器 "odd"：fixtures/mcp-odd-server.cjs
      And 项目配置中有 MCP 服务器 "everything"：server-everything
      When 路由命令 `mcp:odd:record --help`
      Then 标准输出应为:
        """
        mcp:odd:record (Record the arguments)
          Answers with the arguments it received.
          A second line that help leaves out.

        Usage: mcp:odd:record '<json>'   or   mcp:odd:record --tags <array> --limit <integer> --verbose <boolean> --options <object> [--note <string|null>] [--level <integer|string>] [--extra <value>]

        Parameters:
          --tags  (array of string, required)  Labels
          --limit  (integer, required)
          --verbose  (boolean, required)
          --options  (object, required)
            options.depth  (integer, required)
          --note  (string or null, optional)
          --level  (integer or string, optional)
          --extra  (any JSON value, optional)

        Example: mcp:odd:record '{"tags":[],"limit":1,"verbose":true,"options":{"depth":1}}'

        """
      When 路由命令 `mcp:odd:defaults --help`
      Then 标准输出应为:
        """
        mcp:odd:defaults

        Usage: mcp:odd:defaults '<json>'   or   mcp:odd:defaults --mode <string> --choice <a|1|2.5|null|true> [--items <array>]

        Parameters:
          --mode  (string, required, default "fast")
          --choice  (one of "a", 1, 2.5, null, true, required)
          --items  (array, optional)

        Example: mcp:odd:defaults '{"mode":"fast","choice":"a"}'

        """
      When 路由命令 `mcp:everything:get-env --help`
      Then 标准输出应包含 `Parameters: none`
      When 路由命令 `mcp:everything:echo --help`
      Then 标准输出应包含 `Example: mcp:everything:echo '{"message":"text"}'`

    Scenario: 结构化内容以 JSON 给出，只说一次（服务器为老客户端附上的同一份 JSON 文本不重复）
      Given 项目配置中有 MCP 服务器 "everything"：server-everything
      When 路由命令 `mcp:everything:get-structured-content --location Chicago`
      Then 标准输出应为:
        """
        {
          "temperature": 36,
          "conditions": "Light rain / drizzle",
          "humidity": 82
        }

        """

    Scenario: 图片与内嵌资源只给摘要（类型、大小、uri），不输出原始数据
      Given 项目配置中有 MCP 服务器 "everything"：server-everything
      When 路由命令 `mcp:everything:get-tiny-image`
      Then 标准输出应包含 `Here's the image you requested:`
      And 标准输出应有一行匹配 `^\[image image/png, \d+\.\d KiB\]$`
      And 标准输出应不超过 400 个字符
      When 路由命令 `mcp:everything:get-resource-reference --resourceType Blob --resourceId 2`
      Then 标准输出应有一行匹配 `^\[resource demo://resource/dynamic/blob/2 text/plain, \d+ bytes\]$`

    Scenario: 服务器报告的 isError 是工具失败，带着服务器自己的消息
      Given 项目配置中有 MCP 服务器 "everything"：server-everything
      When 路由命令 `mcp:everything:get-resource-reference --resourceId 0`
      Then 退出码应为 `1`
      And 命令结果的失败类别应为 `execution_error`
      And stderr 应包含 `mcp:everything:get-resource-reference reported an error: Invalid resourceId: 0. Must be a finite positive integer.`

    Scenario: 音频、资源链接与内嵌资源只给摘要；不重复文本的结构化内容附在后面；超长输出保留头尾
      Given 项目配置中有 MCP 服务器 "odd"：fixtures/mcp-odd-server.cjs
      When 路由命令 `mcp:odd:media`
      Then 标准输出应为:
        """
        [audio audio/wav, 2.0 MiB]
        [resource link file:///notes.txt (notes) text/plain]
        [resource link file:///bare (bare)]
        [resource file:///a.txt, 5 bytes of text]
        [resource file:///b.bin, 5 bytes]

        """
      When 路由命令 `mcp:odd:bare-structured`
      Then 标准输出应为:
        """
        Weather follows.
        {
          "city": "Oslo",
          "celsius": -3
        }

        """
      When 路由命令 `mcp:odd:huge`
      Then 标准输出应包含 `[output truncated: 73737 bytes omitted]`
      And 标准输出应有一行匹配 `^BEGINx+$`
      And 标准输出应有一行匹配 `^x+END$`
      When 路由命令 `mcp:odd:nothing`
      Then 命令结果应为 stdout ""、stderr ""、退出码 0

    Scenario: 服务器的失败各有说法：没有消息的 isError、处理出错、调用中途退出（下一次调用重新启动它）
      Given 项目配置中有 MCP 服务器 "odd"：fixtures/mcp-odd-server.cjs
      When 路由命令 `mcp:odd:silent-error`
      Then 命令结果的失败类别应为 `execution_error`
      And stderr 应包含 `mcp:odd:silent-error reported an error: (no message)`
      When 路由命令 `mcp:odd:throws`
      Then 命令结果的失败类别应为 `execution_error`
      And stderr 应包含 `mcp:odd:throws failed: MCP error -32603: the handler broke`
      When 路由命令 `mcp:odd:malformed`
      Then 命令结果的失败类别应为 `execution_error`
      And stderr 应是一行，包含 `mcp:odd:malformed failed: MCP error -32602: Invalid tools/call result: [ { "code": "invalid_union"`，不超过 500 个字符
      When 路由命令 `mcp:odd:dies`
      Then 命令结果的失败类别应为 `execution_error`
      And stderr 应包含 `mcp:odd:dies failed: MCP server "odd" went away during the call; it restarts on the next call; its stderr ends with:`
      And stderr 应包含 `odd server: dying on purpose`
      When 路由命令 `mcp:odd:nothing`
      Then 退出码应为 `0`

    Scenario: 超时的调用说出它最后报告的进度
      Given 环境变量 `SYNAPSE_MCP_CALL_TIMEOUT=700`
      And 项目配置中有 MCP 服务器 "odd"：fixtures/mcp-odd-server.cjs
      When 路由命令 `mcp:odd:slow`
      Then 退出码应为 `124`
      And stderr 应包含 `mcp:odd:slow timed out after 700 ms (SYNAPSE_MCP_CALL_TIMEOUT) and was cancelled (last progress 1: warming up)`

    Scenario: 老协议（2024-10-07）的 toolResult 作为 JSON 给出；不提供工具的服务器说它没有工具
      Given 项目配置中有 MCP 服务器 "odd"：fixtures/mcp-odd-server.cjs
      And 项目配置中有 MCP 服务器 "bare"：fixtures/mcp-odd-server.cjs --no-tools
      When 路由命令 `mcp:odd:legacy`
      Then 命令结果应为 stdout "{\"answer\":42}\n"、stderr ""、退出码 0
      When 路由命令 `mcp:bare:anything`
      Then 命令结果的失败类别应为 `command_not_found`
      And stderr 应包含 `MCP server "bare" has no tool "anything". Its tools: (none)`

    Scenario: mcp:<server> 只列出这一个服务器；mcp:list --help 说明 mcp:* 的用法
      Given 项目配置中有 MCP 服务器 "odd"：fixtures/mcp-odd-server.cjs
      And 项目配置中有 MCP 服务器 "ghost"，命令为 `synapse-no-such-server`
      When 路由命令 `mcp:odd`
      Then 标准输出应包含 `odd  ready (stdio, 15 tools)`
      And 标准输出中工具 "loose" 的描述应为 "Takes any keys."
      And 标准输出不应包含 `ghost`
      When 路由命令 `mcp:nowhere`
      Then 命令结果的失败类别应为 `command_not_found`
      And stderr 应包含 `Unknown MCP server "nowhere". Configured servers: odd, ghost`
      When 路由命令 `mcp:list --help`
      Then 标准输出应包含 `mcp:<server>:<tool> --name value ...  the same with flags, coerced to the types the tool declares`
      And 标准输出不应包含 `ghost`

    Scenario: 未知的服务器或工具是 command_not_found，并列出存在的名字
      Given 项目配置中有 MCP 服务器 "everything"：server-everything
      When 路由命令 `mcp:nowhere:echo`
      Then 命令结果的失败类别应为 `command_not_found`
      And stderr 应包含 `Unknown MCP server "nowhere". Configured servers: everything.`
      When 路由命令 `mcp:everything:no-such-tool`
      Then 命令结果的失败类别应为 `command_not_found`
      And stderr 应包含 `MCP server "everything" has no tool "no-such-tool". Its tools: echo, get-annotated-message, get-env`

    Scenario: filesystem 服务器以工作区为根：写入的文件落盘，根目录以外的路径被服务器拒绝
      Given 项目配置中有 MCP 服务器 "files"：server-filesystem，根目录为工作区
      When 路由命令 `mcp:files:write_file --path notes.txt --content 'written over MCP'`
      Then 命令结果应为 stdout "Successfully wrote to notes.txt\n"、stderr ""、退出码 0
      And 工作区文件 `notes.txt` 的内容应为 "written over MCP"
      When 路由命令 `mcp:files:read_text_file --path /etc/hostname`
      Then 命令结果的失败类别应为 `execution_error`
      And stderr 应包含 `Access denied - path outside allowed directories`

    Scenario: 只读的路由器只放行声明了 readOnlyHint 的工具
      Given 项目配置中有 MCP 服务器 "files"：server-filesystem，根目录为工作区
      And 只读的 Router 已就绪
      When 路由命令 `mcp:files:write_file --path notes.txt --content blocked`
      Then 命令结果的失败类别应为 `invalid_usage`
      And stderr 应包含 `read-only: mcp:files:write_file does not declare itself read-only`
      And 工作区中不应存在文件 `notes.txt`
      When 路由命令 `mcp:files:list_allowed_directories`
      Then 退出码应为 `0`

  Rule: 服务器进程的环境

    Scenario: stdio 服务器的环境是注入的基础环境，加上配置里它自己的 env
      Given 扩展层的基础环境只有 PATH 与 `BASE_ONLY=from-base`
      And 环境变量 `SYNAPSE_TEST_SECRET=should-not-reach-the-server`
      And 项目配置中有 MCP 服务器 "everything"：server-everything，env 为 `{"FROM_CONFIG": "from-config"}`
      When 路由命令 `mcp:everything:get-env`
      Then 标准输出应包含 `"BASE_ONLY": "from-base"`
      And 标准输出应包含 `"FROM_CONFIG": "from-config"`
      And 标准输出不应包含 `should-not-reach-the-server`

  Rule: 经由 Agent 循环的完整对话

    Scenario: 模型调用 MCP 工具，结果回到模型；Runner 关闭后它启动的服务器进程不再存在
      Given 项目配置中有 MCP 服务器 "everything"：server-everything
      And Runner 自己创建扩展层，HOME 为场景目录
      And 模型先调用 Bash 执行 `mcp:everything:get-sum --a 2 --b 40`，然后回复 "2 + 40 = 42"
      When 执行一次运行
      Then 运行应以 "2 + 40 = 42" 结束
      And 模型收到的工具结果应为 "The sum of 2 and 40 is 42.\n"
      And 应有 1 个本场景的 MCP 服务器进程在运行
      When 关闭 Runner
      Then 本场景不应有 MCP 服务器进程在运行
