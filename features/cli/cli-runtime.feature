@own @cli
Feature: synapse runtime：带人工批准的分步运行时
  `synapse runtime` 用 AgentRuntime 驱动一段对话：模型想调用的工具要人批准，模型可以向人提问和让人选择。
  非交互时 --approve all|none 与 --answer 代为决定；没人能决定时运行暂停。--state 在每一步后保存带版本的状态，
  --resume 从它继续。

  Scenario: --approve all：工具执行后模型给出最终回答
    When CLI 运行 synapse "runtime --fixture fixtures/runtime-weather.json --approve all '巴黎天气如何？'"
    Then CLI 退出码应该是 0
    And CLI 标准输出应该包含 "windy in Paris"
    And CLI 标准错误应该包含 "get_weather"

  Scenario: 没人批准时暂停并保存状态，之后的调用续接
    When CLI 运行 synapse "runtime --fixture fixtures/runtime-weather.json --state run.json '巴黎天气如何？'"
    Then CLI 退出码应该是 0
    And CLI 标准错误应该包含 "paused: waiting for approval of get_weather"
    And CLI 状态文件 "run.json" 的 status 应该是 "waiting_for_human_input"
    When CLI 运行 synapse "runtime --fixture fixtures/runtime-weather.json --resume run.json --approve all --json"
    Then CLI 退出码应该是 0
    And CLI JSON 输出的最后一行的 "status" 应该是 "done"
    And CLI JSON 输出的最后一行的 "text" 应该是 "It is 14°C and windy in Paris right now (demo data)."
    And CLI 状态文件 "run.json" 的 status 应该是 "done"

  Scenario: --approve none：工具不执行，模型得知被拒绝
    When CLI 运行 synapse "runtime --json --fixture fixtures/runtime-weather.json --approve none '巴黎天气如何？'"
    Then CLI 退出码应该是 0
    And CLI JSON 输出应该依次包含事件 "tool_rejected, llm_start, done, result"
    And CLI JSON 输出不应该包含事件 "tool_result"

  Scenario: --answer 回答模型的提问和选择
    When CLI 运行 synapse "runtime --fixture fixtures/runtime-ask-user.json --answer Lyon --answer celsius --approve all '天气？'"
    Then CLI 退出码应该是 0
    And CLI 标准错误应该包含 "? Which city do you mean?"
    And CLI 标准输出应该包含 "Lyon: light rain"

  Scenario: 版本不对的状态文件是坏输入，错误指出字段
    Given CLI 工作目录中有文件 "old.json" 内容为 '{"schemaVersion":99,"sessionId":"s-1","status":"idle","messages":[],"events":[],"createdAt":"x","lastModified":"x"}'
    When CLI 运行 synapse "runtime --fixture fixtures/runtime-weather.json --resume old.json --approve all"
    Then CLI 退出码应该是 2
    And CLI 标准错误应该只有一行且包含 "state file old.json: state.schemaVersion: version 99 was written by a newer runtime"

  Scenario: 等人回答时暂停；没有 --state 时说明什么也没保存，怎样才能继续
    When CLI 运行 synapse "runtime --fixture fixtures/runtime-ask-user.json '天气？'"
    Then CLI 退出码应该是 0
    And CLI 标准错误应该包含 "paused: waiting for an answer to \"Which city do you mean?\"; nothing was saved: pass --approve all|none and --answer <text>, or --state <file> to resume later"

  Scenario: 回答用完后等人选择时暂停，--state 给出续接的命令
    When CLI 运行 synapse "runtime --fixture fixtures/runtime-ask-user.json --state ask.json '天气？' --answer Lyon"
    Then CLI 退出码应该是 0
    And CLI 标准错误应该包含 "paused: waiting for a choice for \"Which unit?\"; resume with: synapse runtime --resume ask.json (--approve all|none, --answer <text>)"
    And CLI 状态文件 "ask.json" 的 status 应该是 "waiting_for_human_input"

  Scenario: --json 时暂停只写在 result 行里：状态、等的是什么、没有保存状态文件
    When CLI 运行 synapse "runtime --json --fixture fixtures/runtime-weather.json '巴黎天气如何？'"
    Then CLI 退出码应该是 0
    And CLI JSON 输出的最后一行的 "status" 应该是 "waiting_for_human_input"
    And CLI JSON 输出的最后一行的 "waitingFor.kind" 应该是 "approval"
    And CLI JSON 输出的最后一行的 "stateFile" 应该是 "null"
    And CLI 标准错误应该是空的

  Scenario: 到了 --max-steps 还没结束是失败的运行，--json 的 result 行说明原因
    When CLI 运行 synapse "runtime --json --fixture fixtures/runtime-weather.json --approve all --max-steps 1 '巴黎天气如何？'"
    Then CLI 退出码应该是 1
    And CLI JSON 输出的最后一行的 "status" 应该是 "max_steps"
    And CLI JSON 输出的最后一行的 "isError" 应该是 "true"
    And CLI JSON 输出的最后一行的 "error" 应该是 "stopped after --max-steps 1 steps"
    And CLI 标准错误应该包含 "synapse: stopped after --max-steps 1 steps"

  Scenario: 不在选项里的 --answer 是坏输入（退出码 2），错误列出选项
    When CLI 运行 synapse "runtime --fixture fixtures/runtime-ask-user.json --approve all '天气？' --answer Lyon --answer kelvin"
    Then CLI 退出码应该是 2
    And CLI 标准错误应该包含 "synapse: --answer \"kelvin\" is not one of the options: celsius, fahrenheit"

  Scenario: 在终端上由人批准工具调用
    When CLI 在伪终端里运行 synapse "runtime --fixture fixtures/runtime-weather.json '巴黎天气如何？'"，出现 "Run get_weather" 时按下 "回车"
    Then CLI 退出码应该是 0
    And CLI 终端上应该显示过 "Run get_weather({\"city\":\"Paris\"})?" 与 "windy in Paris"

  Scenario: 在终端上，--answer 用完之后由人从选项中选择
    When CLI 在伪终端里运行 synapse "runtime --fixture fixtures/runtime-ask-user.json --approve all '天气？' --answer Lyon"，出现 "? Which unit?" 时按下 "下、回车"
    Then CLI 退出码应该是 0
    And CLI 终端上应该显示过 "✓ {\"answer\":\"fahrenheit\"}" 与 "Lyon: light rain"
