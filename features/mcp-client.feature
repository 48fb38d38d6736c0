@own @mcp
Feature: MCP 客户端能力：roots、采样、征询、任务、资源与提示
  客户端声明 roots、sampling、elicitation 与 tasks 能力，服务器才会给出依赖它们的工具（server-everything 的
  19 个工具里有 6 个如此）。采样由这次运行自己的模型回答，每次都要审批（无人可问时拒绝）；征询由人回答，
  无人可问时拒绝并说明；只能以任务方式运行的工具经由 SDK 的任务接口调用；资源与提示有自己的命令。
  每个场景都用 npm 上真实的 server-everything，经由 stdio。
  这些场景的项目都受信任（见 features/security/project-trust.feature）。

  Background:
    Given 本场景的扩展层信任项目

  Rule: 声明了能力，服务器给出全部工具

    Scenario: server-everything 列出全部 19 个工具，其中包括依赖客户端能力的工具；mcp:list 也说明资源与提示的命令
      Given 项目配置中有 MCP 服务器 "everything"：server-everything
      When 路由命令 `mcp:list`
      Then 标准输出应包含 `everything  ready (stdio, 19 tools)`
      And 标准输出应包含 `  get-roots-list  `
      And 标准输出中工具 "trigger-sampling-request" 的描述应为 "Trigger a Request from the Server for LLM Sampling"
      And 标准输出应包含 `  also: mcp:everything:resources, mcp:everything:read <uri>, mcp:everything:prompts, mcp:everything:prompt <name>`

  Rule: roots：工作目录就是服务器的根，cd 之后服务器得知新的根

    Scenario: get-roots-list 看到工作目录；cd 到子目录后看到子目录
      Given 项目配置中有 MCP 服务器 "everything"：server-everything
      When 路由命令 `mcp:everything:get-roots-list`
      Then 标准输出应包含 `URI: file://{workspace}`
      When 路由命令 `mkdir -p sub && cd sub`
      And 路由命令 `mcp:everything:get-roots-list`
      Then 标准输出应包含 `URI: file://{workspace}/sub`

  Rule: 采样：由这次运行自己的模型回答，每次都要审批

    Scenario: 审批通过后，服务器的采样请求由运行的模型回答，回答回到工具结果
      Given 项目配置中有 MCP 服务器 "everything"：server-everything
      And Runner 自己创建扩展层，HOME 为场景目录
      And 审批者会依次回答 "once"
      And 模型先调用 Bash 执行 `mcp:everything:trigger-sampling-request --prompt "name a colour"`，然后回复 "The server got its answer."
      And 服务器请求采样时，模型对 "context: name a colour" 回复 "teal"
      When 执行一次运行
      Then 运行应以 "The server got its answer." 结束
      And 模型收到的第 3 次请求中的工具结果应包含 "\"text\": \"teal\""
      And 模型收到的第 3 次请求中的工具结果应包含 "[mcp] MCP server \"everything\" used the model (sampling): test-model answered"
      And 审批者被问到的问题应为 "MCP server \"everything\" asks the model: Resource trigger-sampling-request context: name a colour"，规则为 "MCP sampling by \"everything\" (always asks)"

    Scenario: 无人可以审批时（无终端、未 --approve-all）采样被拒绝，模型不被调用，结果说明原因
      Given 项目配置中有 MCP 服务器 "everything"：server-everything
      And Runner 自己创建扩展层，HOME 为场景目录
      And 模型先调用 Bash 执行 `mcp:everything:trigger-sampling-request --prompt "name a colour"`，然后回复 "Refused."
      When 执行一次运行
      Then 运行应以 "Refused." 结束
      And 模型收到的第 2 次请求中的工具结果应包含 "which was denied (approval is needed: run on a terminal or pass --approve-all)"
      And 模型应共收到 2 次请求

    Scenario: 服务器要求以任务方式回答的采样：客户端建立任务，服务器轮询到完成后取回回答
      Given 项目配置中有 MCP 服务器 "everything"：server-everything
      And Runner 自己创建扩展层，HOME 为场景目录
      And 审批者会依次回答 "once"
      And 模型先调用 Bash 执行 `mcp:everything:trigger-sampling-request-async --prompt "pick a number"`，然后回复 "Done."
      And 服务器请求采样时，模型对 "context: pick a number" 回复 "seven"
      When 执行一次运行
      Then 模型收到的第 3 次请求中的工具结果应包含 "[COMPLETED] Async sampling completed!"
      And 模型收到的第 3 次请求中的工具结果应包含 "\"text\": \"seven\""

    Scenario: 没有模型的扩展层（synapse exec）拒绝采样，并说明只在 synapse run 里可用
      Given 项目配置中有 MCP 服务器 "everything"：server-everything
      When 路由命令 `mcp:everything:trigger-sampling-request --prompt hi`
      Then 命令结果的失败类别应为 `execution_error`
      And stderr 应包含 `Sampling is not available in this client session: no model answers here`
      And stderr 应包含 `[mcp] MCP server "everything" asked to use the model (sampling), which is refused: no model answers here (it does inside synapse run)`

  Rule: 征询：由人回答；无人可问时拒绝并说明

    Scenario: 有人回答时，征询的内容回到服务器
      Given 项目配置中有 MCP 服务器 "everything"：server-everything
      And 征询由人回答：accept，内容为 `{"name": "Ada", "check": true, "email": "ada@example.org", "integer": 7, "number": 2.5, "untitledSingleSelectEnum": "Option 1"}`
      When 路由命令 `mcp:everything:trigger-elicitation-request`
      Then 退出码应为 `0`
      And 标准输出应包含 `"name": "Ada"`
      And stderr 应包含 `[mcp] MCP server "everything" asked a person for input ("Please provide inputs for the following fields:"): accept`
      And 人被问到的征询应包含字段 "name, check, email"

    Scenario: 无人可问（headless）时征询被拒绝，结果明确说明
      Given 项目配置中有 MCP 服务器 "everything"：server-everything
      When 路由命令 `mcp:everything:trigger-elicitation-request`
      Then 退出码应为 `0`
      And 标准输出应包含 `User declined to provide the requested information.`
      And stderr 应包含 `which was declined: nobody can answer here (no terminal)`

  Rule: 只能以任务方式运行的工具

    Scenario: 要求任务执行的工具经由 SDK 的任务接口调用：建立任务、轮询、取回结果
      Given 项目配置中有 MCP 服务器 "everything"：server-everything
      When 路由命令 `mcp:everything:simulate-research-query --topic bees`
      Then 退出码应为 `0`
      And 标准输出应包含 `# Research Report: bees`

  Rule: 资源与提示

    Scenario: mcp:<server>:resources 列出资源与模板，read 读出文本资源，二进制资源只给摘要
      Given 项目配置中有 MCP 服务器 "everything"：server-everything
      When 路由命令 `mcp:everything:resources`
      Then 标准输出应包含 `  demo://resource/static/document/architecture.md  architecture.md (text/markdown)  Static document file exposed from /docs: architecture.md`
      And 标准输出应包含 `  demo://resource/dynamic/text/{resourceId}  Dynamic Text Resource (text/plain)`
      And 标准输出应包含 `Read one: mcp:everything:read <uri>`
      When 路由命令 `mcp:everything:read demo://resource/dynamic/text/3`
      Then 标准输出应有一行匹配 `^Resource 3: This is a plaintext resource created at .+$`
      When 路由命令 `mcp:everything:read demo://resource/dynamic/blob/2`
      Then 标准输出应有一行匹配 `^Resource 2: This is a base64 blob created at .+$`

    Scenario: 工具给出的资源链接可以顺着读下去
      Given 项目配置中有 MCP 服务器 "everything"：server-everything
      When 路由命令 `mcp:everything:get-resource-links --count 2`
      Then 标准输出应包含 `[resource link demo://resource/dynamic/text/2 (Text Resource 2) text/plain]`
      When 路由命令 `mcp:everything:read demo://resource/dynamic/text/2`
      Then 标准输出应有一行匹配 `^Resource 2: This is a plaintext resource created at .+$`

    Scenario: mcp:<server>:prompts 列出提示与参数，prompt 给出消息；参数不对是 invalid_usage
      Given 项目配置中有 MCP 服务器 "everything"：server-everything
      When 路由命令 `mcp:everything:prompts`
      Then 标准输出应包含 `  args-prompt --city <text> [--state <text>]  A prompt with two arguments, one required and one optional`
      When 路由命令 `mcp:everything:prompt args-prompt --city Paris`
      Then 标准输出应包含 `[user]`
      And 标准输出应包含 `Paris`
      When 路由命令 `mcp:everything:prompt args-prompt '{"city": "Oslo", "state": "Viken"}'`
      Then 标准输出应包含 `Oslo, Viken`
      Then 依次路由下列命令，每条都应是 invalid_usage，stderr 给出错误与 --help 指引:
        | 情形         | 命令                                               | 错误                                                                                          |
        | 缺少必填参数 | mcp:everything:prompt args-prompt                  | prompt "args-prompt" needs --city                                                             |
        | 未知参数     | mcp:everything:prompt args-prompt --city a --zip 1 | prompt "args-prompt" has no argument "zip" (arguments: city, state)                           |
        | 未知提示     | mcp:everything:prompt nope                         | MCP server "everything" has no prompt "nope". Its prompts: simple-prompt, args-prompt, completable-prompt, resource-prompt |
        | 没有名字     | mcp:everything:prompt                              | missing prompt name: mcp:everything:prompt <name> (mcp:everything:prompts lists them)         |
        | 读没有 uri   | mcp:everything:read                                | missing uri: mcp:everything:read <uri> (mcp:everything:resources lists them)                  |
        | 列表不带参数 | mcp:everything:resources x                         | mcp:everything:resources takes no arguments (got x)                                           |

    Scenario: 不提供资源与提示的服务器如实说明
      Given 项目配置中有 MCP 服务器 "odd"：fixtures/mcp-odd-server.cjs
      When 路由命令 `mcp:odd:resources`
      Then 命令结果应为 stdout "MCP server \"odd\" offers no resources.\n"、stderr ""、退出码 0
      When 路由命令 `mcp:odd:prompts`
      Then 命令结果应为 stdout "MCP server \"odd\" offers no prompts.\n"、stderr ""、退出码 0
      When 路由命令 `mcp:odd:read file:///x`
      Then 命令结果的失败类别应为 `invalid_usage`
      And stderr 应包含 `MCP server "odd" offers no resources`

  Rule: 进度延长调用的时限，直到一个硬上限

    Scenario: 不断报告进度的调用不会在 SYNAPSE_MCP_CALL_TIMEOUT 到期时被取消；超过 SYNAPSE_MCP_CALL_MAX_TIMEOUT 才会
      Given 环境变量 `SYNAPSE_MCP_CALL_TIMEOUT=800`
      And 环境变量 `SYNAPSE_MCP_CALL_MAX_TIMEOUT=1500`
      And 项目配置中有 MCP 服务器 "everything"：server-everything
      When 路由命令 `mcp:everything:trigger-long-running-operation --duration 1.2 --steps 6`
      Then 退出码应为 `0`
      And 标准输出应包含 `Long running operation completed. Duration: 1.2 seconds, Steps: 6.`
      When 路由命令 `mcp:everything:trigger-long-running-operation --duration 10 --steps 50`
      Then 退出码应为 `124`
      And stderr 应包含 `mcp:everything:trigger-long-running-operation ran past its hard limit of 1500 ms (SYNAPSE_MCP_CALL_MAX_TIMEOUT), progress notwithstanding, and was cancelled (last progress`
