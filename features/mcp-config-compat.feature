@own @mcp
Feature: MCP 配置的兼容性、启动失败的说明、结果与帮助
  别的客户端（Claude Code、Cursor）的配置文件在这里照样可用：`${VAR}` 与 `${VAR:-default}` 展开，
  `"disabled": true` 不启动，相对路径按配置文件所在的目录解析。启动失败时给出 stderr 里说明问题的那一行；
  远程服务器的 HTTP 状态与网络错误如实说出。运行开始时，工具未知的服务器在一个短期限内一起启动，
  系统提示才能列出它们的工具。图片与音频无论出现在哪里都只给摘要；--help 给出嵌套的字段。
  这些场景的项目都受信任（见 features/security/project-trust.feature）。

  Background:
    Given 本场景的扩展层信任项目

  Rule: 配置文件

    Scenario: ${VAR} 与 ${VAR:-default} 在 command、args、env 中展开，取自用户启动时的环境（密钥照样交给服务器，它的输出里照样被遮盖）
      Given 环境变量 `SYNAPSE_SCENARIO_TOKEN=tok-from-the-shell`
      And 环境变量 `SYNAPSE_SCENARIO_REGION=eu-north`
      And 项目配置的内容为:
        """
        {"mcpServers": {"everything": {
          "command": "${SYNAPSE_SCENARIO_NODE:-{node}}", "args": ["{marker}", "{everything}", "${SYNAPSE_SCENARIO_MODE:-stdio}"],
          "env": {"API_TOKEN": "${SYNAPSE_SCENARIO_TOKEN}", "REGION": "${SYNAPSE_SCENARIO_REGION}", "GREETING": "hello ${SYNAPSE_SCENARIO_NAME:-world}"}
        }}}
        """
      When 路由命令 `mcp:everything:get-env`
      Then 标准输出应包含 `"REGION": "eu-north"`
      And 标准输出应包含 `"GREETING": "hello world"`
      And 标准输出应包含 `"API_TOKEN": "[REDACTED`
      And 标准输出不应包含 `${SYNAPSE_SCENARIO_TOKEN}`

    Scenario: 没有设置、也没有默认值的变量是一条配置错误，指出字段与变量
      Given 项目配置的内容为:
        """
        {"mcpServers": {"remote": {"url": "http://127.0.0.1:9/mcp", "headers": {"Authorization": "Bearer ${SYNAPSE_SCENARIO_UNSET}"}}}}
        """
      When 路由命令 `mcp:list`
      Then 标准输出应包含 `{project}: mcpServers.remote.headers.Authorization: ${SYNAPSE_SCENARIO_UNSET} is not set (give it a value, or write ${SYNAPSE_SCENARIO_UNSET:-default})`

    Scenario: "disabled": true 的服务器不启动、不进系统提示；调用它说明它被停用了
      Given 项目配置的内容为:
        """
        {"mcpServers": {
          "off": {"command": "{node}", "args": ["{marker}", "{everything}", "stdio"], "disabled": true},
          "odd": {"command": "{node}", "args": ["{marker}", "{odd}"], "disabled": false}
        }}
        """
      And Runner 使用本场景的扩展层
      And 模型直接回复 "ok"
      When 路由命令 `mcp:list`
      Then 标准输出应包含 `off  disabled  `
      And 标准输出应包含 `odd  ready (stdio, 15 tools)`
      When 路由命令 `mcp:off:echo {"message": "hi"}`
      Then 命令结果的失败类别应为 `execution_error`
      And stderr 应包含 `MCP server "off" is disabled ("disabled": true in `
      When 执行一次运行
      Then 模型收到的系统提示应包含 `- odd: record, defaults`
      And 模型收到的系统提示不应包含 `- off:`
      And 应有 1 个本场景的 MCP 服务器进程在运行

    Scenario: 相对路径按配置文件所在的目录解析；找不到模块的服务器给出 stderr 里说明问题的那一行
      Given 用户配置目录中的 "srv.mjs" 导入 server-everything
      And 用户配置的内容为:
        """
        {"mcpServers": {
          "relative": {"command": "{node}", "args": ["{marker}", "srv.mjs", "stdio"]},
          "missing": {"command": "{node}", "args": ["{marker}", "dist/missing.js"]}
        }}
        """
      When 路由命令 `mcp:relative:echo {"message": "found"}`
      Then 命令结果应为 stdout "Echo: found\n"、stderr ""、退出码 0
      When 路由命令 `mcp:missing:echo`
      Then 命令结果的失败类别应为 `execution_error`
      And stderr 应包含 `failed to start: it exited before answering; its stderr ends with:`
      And stderr 应包含 `Error: Cannot find module '{workspace}/dist/missing.js'`

  Rule: 远程服务器的失败如实说出

    Scenario: 没有人监听的端口：说出连接错误本身，而不是 "fetch failed"
      Given 项目配置中有 MCP 服务器 "remote"，URL 指向 127.0.0.1 上没有人监听的端口
      When 路由命令 `mcp:remote:echo`
      Then 命令结果的失败类别应为 `execution_error`
      And stderr 应包含 `failed to start: cannot connect to http://127.0.0.1:`
      And stderr 应包含 `ECONNREFUSED`

    Scenario: 路径错误的 URL：说出 HTTP 404，而不是回退到 SSE 之后的另一个错误
      Given server-everything 在 127.0.0.1 上以 Streamable HTTP 提供服务，项目配置中的 "remote" 指向它的 "/nope"
      When 路由命令 `mcp:remote:echo`
      Then 命令结果的失败类别应为 `execution_error`
      And stderr 应包含 `failed to start: it answered HTTP 404 (Not Found) at http://127.0.0.1:`
      And stderr 应包含 `/nope: check the url`

  Rule: 运行开始时，工具未知的服务器在短期限内一起启动

    Scenario: 首次运行：没有缓存的服务器在期限内启动，系统提示列出它们的工具；启动失败的说明失败
      Given 环境变量 `SYNAPSE_MCP_START_DEADLINE=60000`
      And 项目配置中有 MCP 服务器 "everything"：server-everything
      And 项目配置中有 MCP 服务器 "ghost"，命令为 `synapse-no-such-server`
      And Runner 使用本场景的扩展层
      And 模型直接回复 "ok"
      When 执行一次运行
      Then 模型收到的系统提示应包含 `- everything: echo, get-annotated-message, get-env,`
      And 模型收到的系统提示应包含 `- ghost: failed to start (mcp:list says why)`

    Scenario: 期限内没有就绪的服务器标为仍在启动，运行照常开始
      Given 环境变量 `SYNAPSE_MCP_START_DEADLINE=300`
      And 项目配置中有 MCP 服务器 "silent"，命令为 `{node} {marker} -e "setInterval(() => {}, 1000)"`
      And Runner 使用本场景的扩展层
      And 模型直接回复 "ok"
      When 执行一次运行
      Then 运行应以 "ok" 结束
      And 模型收到的系统提示应包含 `- silent: still starting, tools not listed yet (run mcp:list)`

  Rule: 结果与帮助

    Scenario: 结构化内容里的图片同样只给摘要：read_media_file 读 300 KiB 的 PNG
      Given 项目配置中有 MCP 服务器 "files"：server-filesystem，根目录为工作区
      And 工作区文件 `photo.png` 是 300 KiB 的随机字节
      When 路由命令 `mcp:files:read_media_file --path photo.png`
      Then 退出码应为 `0`
      And 标准输出应有一行匹配 `^\[image image/png, 300\.0 KiB\]$`
      And 标准输出应不超过 400 个字符

    Scenario: --help 给出数组元素与嵌套对象的字段，示例填好必填的嵌套字段
      Given 项目配置中有 MCP 服务器 "odd"：fixtures/mcp-odd-server.cjs
      When 路由命令 `mcp:odd:nested --help`
      Then 标准输出应为:
        """
        mcp:odd:nested
          Takes an array of objects, as a knowledge-graph server does.

        Usage: mcp:odd:nested '<json>'   or   mcp:odd:nested --entities <array>

        Parameters:
          --entities  (array of object, required)  Entities to create
            entities[].name  (string, required)  The name
            entities[].observations  (array of string, optional)
            entities[].owner  (object, required)
              entities[].owner.id  (integer, required)

        Example: mcp:odd:nested '{"entities":[{"name":"text","owner":{"id":1}}]}'

        """
