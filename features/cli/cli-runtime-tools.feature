@own @cli
Feature: synapse runtime：用户自己的工具、库的事件名、可中断可续接
  `synapse runtime` 是库的驱动循环（AgentRuntime#run）上的一层渲染：--json 的每一行就是库的事件，名字和字段不变；
  --tools 从用户的模块载入工具函数和它们的 JSON schema；Ctrl-C 中止正在进行的模型请求，状态停在最后完成的一步，
  之后可以续接。

  Scenario: --tools 载入用户模块里的工具，批准后执行，模型拿到结果
    Given CLI 工作目录中有工具模块 "tools.mjs"，其中 add 工具返回两数之和
    And CLI 模型会调用工具 "add"，参数为 '{"a":2,"b":3}'
    And CLI 模型会回复 "2 + 3 = 5"
    When CLI 运行 synapse "runtime --base-url <model> --tools tools.mjs --approve all 'What is 2 + 3?'"
    Then CLI 退出码应该是 0
    And CLI 标准输出应该是 "2 + 3 = 5"
    And CLI 模型收到的第 1 次请求提供的工具应该是 "add, ask_user, choose"
    And CLI 模型收到的第 2 次请求的最后一条消息应该是工具结果 '{"sum":5}'

  Scenario Outline: 坏的工具模块是坏输入，错误指出文件和字段
    Given CLI 工作目录中有文件 "bad.mjs" 内容为 '<模块>'
    When CLI 运行 synapse "runtime --base-url <model> --tools bad.mjs --approve all hi"
    Then CLI 退出码应该是 2
    And CLI 标准错误应该只有一行且包含 '<错误>'
    And CLI 模型应该收到 0 次请求

    Examples:
      | 模块                                                                   | 错误                                              |
      | export const helpers = {};                                             | tools module bad.mjs: exports no `tools`          |
      | export const tools = { add: { parameters: {} } };                      | tools module bad.mjs: tools.add.run: expected a function |
      | export const tools = { ask_user: { run: () => 1 } };                   | tools.ask_user: "ask_user" is reserved            |
      | export const tools = { "bad name": { run: () => 1 } };                 | tools module bad.mjs: tools.bad name: tool names are 1-64 letters |
      | export const tools = ;                                                 | tools module bad.mjs: failed to load: Unexpected token |
      | export default { tools: 5 };                                           | tools module bad.mjs: tools: Invalid input: expected record, received number |
      | throw 42;                                                              | tools module bad.mjs: failed to load: 42          |

  Scenario: --json 的每一行都是库的事件，名字和字段与库相同
    When CLI 运行 synapse "runtime --json --fixture fixtures/runtime-weather.json --approve all '巴黎天气如何？'"
    Then CLI 退出码应该是 0
    And CLI JSON 输出的事件类型应该是 "llm_start, llm_stream, llm_stream, llm_result, human_approve_required, tool_pending, tool_result, llm_start, llm_stream, llm_stream, llm_stream, llm_stream, llm_result, done, result"
    And CLI JSON 输出中第 1 个 "llm_start" 事件应该有字段 "payload.messageCount" 为 "1"
    And CLI JSON 输出中第 3 个 "llm_stream" 事件应该有字段 "chunk.content" 为 "It is 14°C "
    And CLI JSON 输出中第 1 个 "done" 事件应该有字段 "finalState.messageCount" 为 "4"
    And CLI JSON 输出中第 1 个 "done" 事件不应该有字段 "finalState.messages"

  Scenario: 等待模型时 Ctrl-C：以 130 退出，状态停在最后完成的一步，之后续接
    Given CLI 模型会在 10000 毫秒后回复 "too slow"
    And CLI 模型会回复 "resumed answer"
    When CLI 启动 synapse "runtime --base-url <model> --state run.json '你好'"
    And CLI 在模型收到第 1 次请求后发送 SIGINT
    Then CLI 退出码应该是 130
    And CLI 进程应该在 3 秒内结束
    And CLI 标准错误应该包含 "synapse: interrupted; resume with: synapse runtime --resume run.json"
    And CLI 状态文件 "run.json" 的 status 应该是 "idle"
    When CLI 运行 synapse "runtime --base-url <model> --resume run.json"
    Then CLI 退出码应该是 0
    And CLI 标准输出应该是 "resumed answer"
    And CLI 状态文件 "run.json" 的 status 应该是 "done"
