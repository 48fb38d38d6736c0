@own
Feature: AgentRuntime 的边界：坏输入是错误事件，人的回答必须对得上等待中的请求
  `step()` 从不拒绝：无论 Agent 返回什么、抛出什么，状态是否完整，都变成一个错误事件。
  人的回答（批准、拒绝、回答、选择）只能回应状态中正在等待的请求。

  Rule: 任何坏输入都变成一个错误事件

    Scenario Outline: Agent 返回<情形>时产生错误事件
      Given 我有一个注册了工具的 Agent
      And Agent 返回的指令是 `<指令>`
      When 我执行步骤
      Then 步骤应该只产生一个错误事件，错误消息包含 "<错误>"
      And 新状态应该为 error 并保存同样的错误信息

      Examples:
        | 情形           | 指令                                                                                                              | 错误                                    |
        | null         | null                                                                                                            | Invalid instruction from agent.runner |
        | 类型不是字符串的指令   | {"type": 42}                                                                                                    | Invalid instruction from agent.runner |
        | 参数是 JSON 数组的调用 | {"type": "call_tool", "toolCall": {"id": "c1", "type": "function", "function": {"name": "calculator", "arguments": "[1, 2]"}}} | expected a JSON object                |

    Scenario Outline: Agent 抛出的不是 Error（<情形>）时错误事件仍是一个 Error
      Given Agent 的 runner 会抛出 `<值>`
      When 我执行步骤
      Then 步骤应该只产生一个错误事件，错误消息包含 "<消息>"
      And 新状态应该为 error 并保存同样的错误信息

      Examples:
        | 情形   | 值              | 消息             |
        | 字符串  | "plain words"  | plain words    |
        | 数字   | 7              | 7              |
        | null | null           | null           |

    Scenario: 状态不是对象时产生错误事件，会话 ID 为空
      Given 当前状态不是一个对象
      When 我执行步骤
      Then 步骤应该只产生一个错误事件，错误消息包含 "Invalid state"
      And 错误事件的 sessionId 应该为空字符串
      And Agent 的 runner 方法不应该被调用

    Scenario: 自定义执行器什么也不返回时，本步以错误事件说明缺少事件数组
      Given "finish" 执行器什么也不返回
      When Agent 返回 "finish" 指令（正常）并执行一步
      Then 步骤应该只产生一个错误事件，错误消息包含 "The executor returned no events array"
      And 新状态应该为 error 并保存同样的错误信息

    Scenario: 状态读取任何字段都会抛出时，步骤仍是一个错误事件，会话 ID 为空
      Given 当前状态读取任何字段都会抛出
      When 我用这个读不出的状态执行步骤
      Then 步骤应该只产生一个错误事件，错误消息包含 "unreadable"
      And 错误事件的 sessionId 应该为空字符串

    Scenario: 状态中有不能存为 JSON 的值时产生错误事件，指出是状态
      Given 当前状态有一个值为 BigInt 的字段
      When 我执行步骤
      Then 步骤应该只产生一个错误事件，错误消息包含 "Invalid state: state: not JSON"
      And Agent 的 runner 方法不应该被调用

    Scenario Outline: 自定义执行器返回<情形>时，本步以错误事件说明
      Given "finish" 执行器返回 `<返回值>`
      When Agent 返回 "finish" 指令（正常）并执行一步
      Then 步骤应该只产生一个错误事件，错误消息包含 "<错误>"
      And 新状态应该为 error 并保存同样的错误信息

      Examples:
        | 情形                   | 返回值                                          | 错误                                                         |
        | 一个字符串             | "ok"                                            | The executor returned no result: expected { events, newState } |
        | 不带事件的新状态       | {"events":[],"newState":{"status":"running"}}   | The executor returned an invalid state: state.schemaVersion    |

    Scenario: 自定义执行器只交回事件时，状态保持原样，事件进入轨迹
      Given "finish" 执行器返回 `{"events":[{"type":"custom"}]}`
      When Agent 返回 "finish" 指令（正常）并执行一步
      Then 步骤的事件类型应该依次是 "custom"
      And 新状态应该与步骤前的状态相同，只是时间戳和步数更新了

    Scenario: 执行器交回的事件不能存为 JSON 时产生错误事件，指出是哪个事件
      Given "finish" 执行器交回的事件中有一个 BigInt
      When Agent 返回 "finish" 指令（正常）并执行一步
      Then 步骤应该只产生一个错误事件，错误消息包含 "Invalid state: events.0: not JSON"

    Scenario: 事件监听器抛出异常时，步骤照常完成，每个事件仍只送达一次
      Given 我有一个会返回 call_llm 指令的 Agent
      And 模型运行时流出 "Hi" 和不带 total_tokens 的用量 3+4
      When 我执行步骤，事件监听器每次都会抛出异常
      Then 步骤的事件类型应该依次是 "llm_start, llm_stream, llm_stream, llm_result"
      And 监听器应该依次收到过 "llm_start, llm_stream, llm_stream, llm_result"

    Scenario: call_llm 指定的模型进入 llm_start 事件，缺少 total_tokens 的用量被补上总数
      Given Agent 返回的指令是 `{"type":"call_llm","payload":{"model":"gpt-x"}}`
      And 模型运行时流出 "Hi" 和不带 total_tokens 的用量 3+4
      When 我执行步骤
      Then llm_start 事件应该带着模型 "gpt-x"，llm_result 的用量应该是 {"prompt_tokens":3,"completion_tokens":4,"total_tokens":7}

    Scenario: 模型运行时返回的不是异步可迭代的流时产生错误事件
      Given 我有一个会返回 call_llm 指令的 Agent
      And 模型运行时返回的不是异步可迭代的流
      When 我执行步骤
      Then 步骤应该只产生一个错误事件，错误消息包含 "modelRuntime must return an async iterable of chunks"

    Scenario Outline: 已批准的调用找不到能运行它的工具（<情形>）或工具的结果存不成 JSON 时产生错误事件
      Given <Agent>
      When 我用已批准的工具调用 {"id":"c1","type":"function","function":{"name":"<工具>","arguments":"{}"}} 执行步骤
      Then 步骤应该只产生一个错误事件，错误消息包含 "<错误>"

      Examples:
        | 情形           | Agent                                | 工具       | 错误                                                                                         |
        | Agent 没有工具 | Agent 没有任何工具                   | calculator | Tool not found: calculator                                                                   |
        | 结果是 BigInt  | Agent 有一个返回 BigInt 的工具 "big" | big        | Tool big returned a value that cannot be stored as JSON: Do not know how to serialize a BigInt |

    Scenario: 用已经中止的 signal 执行步骤：以 AbortError 错误事件结束
      Given 我有一个会返回 call_llm 指令的 Agent
      And 模型运行时流出 "Hi" 和不带 total_tokens 的用量 3+4
      When 我用已经中止的 signal 执行步骤
      Then 步骤应该只产生一个错误事件，错误消息包含 "The step was aborted"
      And 错误事件的错误名应该是 "AbortError"

    Scenario: 工具参数为空时工具收到空对象，工具没有返回值时工具消息是 null
      Given Agent 有一个什么也不返回的工具 "noop"
      And 工具调用的参数是 ""
      When 用这个已批准的调用执行步骤
      Then 工具 "noop" 应该收到 `{}`，工具消息的内容是 "null"

    Scenario: 工具参数只有空白时同样当作空对象
      Given Agent 有一个什么也不返回的工具 "noop"
      And 工具调用的参数是 "   "
      When 用这个已批准的调用执行步骤
      Then 工具 "noop" 应该收到 `{}`，工具消息的内容是 "null"

    Scenario: 会话 ID 为空白时不能创建初始状态
      When 我用会话 ID "   " 调用 createInitialState
      Then 应该抛出 TypeError，消息包含 "sessionId must be a non-empty string"

  Rule: 人的回答只回应正在等待的请求

    Scenario: 已在等待批准的状态再执行一步时，Agent 再次请求批准同一个调用
      Given 我有一个配置了天气工具的 Agent
      And Agent 能够根据状态做出智能决策
      And 我有一个配置了 modelRuntime 的运行时
      When 用户询问天气信息（模型只会要求调用天气工具），运行时推进到等待人工批准
      And 运行时再执行一步
      Then 本步应该再次请求批准调用 "call_weather"

    Scenario: 拒绝一个不在等待中的调用是错误
      Given 我有一个配置了天气工具的 Agent
      And Agent 能够根据状态做出智能决策
      And 我有一个配置了 modelRuntime 的运行时
      When 用户询问天气信息（模型只会要求调用天气工具），运行时推进到等待人工批准
      Then 拒绝调用 "call_other" 应该失败，消息包含 "No pending tool call with id call_other"

    Scenario: 没有等待中的提示、选择或调用时，回答、选择和拒绝都是错误
      Then 在初始状态上回答 "Alice" 应该失败，消息包含 "No prompt is pending on this state"
      And 在初始状态上选择 "a" 应该失败，消息包含 "No selection is pending on this state"
      And 拒绝调用 "c1" 应该失败，消息包含 "No pending tool call with id c1"

    Scenario: 不说理由的拒绝，模型收到默认的理由
      Given 我有一个配置了天气工具的 Agent
      And Agent 能够根据状态做出智能决策
      And 我有一个配置了 modelRuntime 的运行时
      When 用户询问天气信息（模型只会要求调用天气工具），运行时推进到等待人工批准
      And 人工不说理由拒绝待处理的工具调用
      Then 状态应该回到 running，最后一条消息是拒绝 "call_weather" 的工具消息，理由为 "Rejected by the user"

    Scenario: 没有元数据的提示请求，事件和状态中都没有 metadata
      Given Agent 返回的指令是 `{"type": "request_human_prompt", "prompt": "Your name?"}`
      When 我执行步骤
      Then 事件应该是只带提示 "Your name?" 的 human_prompt_required

  Rule: 内置执行器在边界上校验指令，错误指出指令和字段

    Scenario Outline: 内置执行器收到<情形>时产生指出字段的错误事件
      Given 我有一个注册了工具的 Agent
      And Agent 返回的指令是 `<指令>`
      When 我执行步骤
      Then 步骤应该只产生一个错误事件，错误消息包含 "<错误>"
      And 计算器工具不应该被执行

      Examples:
        | 情形                   | 指令                                                                                                                        | 错误                                                                                     |
        | 缺少调用的 call_tool   | {"type":"call_tool"}                                                                                                        | Invalid call_tool instruction: instruction.toolCall: Invalid input: expected object      |
        | 参数不是 JSON 的调用   | {"type":"call_tool","toolCall":{"id":"c1","type":"function","function":{"name":"calculator","arguments":"{oops"}}}          | Invalid arguments for tool calculator (call c1): not valid JSON: {oops                   |
        | 参数是 null 的调用     | {"type":"call_tool","toolCall":{"id":"c1","type":"function","function":{"name":"calculator","arguments":"null"}}}           | Invalid arguments for tool calculator (call c1): expected a JSON object                  |
        | 参数是数字的调用       | {"type":"call_tool","toolCall":{"id":"c1","type":"function","function":{"name":"calculator","arguments":"42"}}}             | Invalid arguments for tool calculator (call c1): expected a JSON object                  |
        | 提示为空的提问         | {"type":"request_human_prompt","prompt":""}                                                                                 | Invalid request_human_prompt instruction: instruction.prompt: expected a non-empty prompt |
        | 提示为空的选择         | {"type":"request_human_select","prompt":"","options":[{"label":"a","value":"a"}]}                                           | Invalid request_human_select instruction: instruction.prompt: expected a non-empty prompt |
        | 没有选项的选择         | {"type":"request_human_select","prompt":"Pick","options":[]}                                                                | Invalid request_human_select instruction: instruction.options: expected at least one option |
        | 没有调用的批准请求     | {"type":"request_human_approve","pendingToolsCalling":[]}                                                                   | instruction.pendingToolsCalling: expected at least one tool call                          |
        | 工具定义没有名字的模型请求 | {"type":"call_llm","payload":{"tools":[{"type":"function","function":{}}]}}                                              | Invalid call_llm instruction: instruction.payload.tools.0.function.name                   |

    Scenario: 选择请求不说是否多选时是单选
      Given Agent 返回的指令是 `{"type":"request_human_select","prompt":"Pick","options":[{"label":"A","value":"a"},{"label":"B","value":"b"}]}`
      When 我执行步骤
      Then 单选时同时选择 "a,b" 应该被拒绝

    Scenario: 状态不合法但带着会话 ID 时，错误事件带着这个会话 ID
      Given 一个合法的状态被改为 {"status":"error"}
      When 我执行步骤
      Then 步骤应该只产生一个错误事件，错误消息包含 "state.error: an error state must hold its error"
      And 错误事件的 sessionId 应该是 "test-session"

    Scenario: Agent 返回未知的指令类型时，错误列出所有已知的类型
      Given Agent 返回的指令是 `{"type":"dance"}`
      When 我执行步骤
      Then 步骤应该只产生一个错误事件，错误消息包含 "Unknown instruction type: dance (known: call_llm, call_tool, finish, request_human_approve, request_human_prompt, request_human_select)"

    Scenario: llm_start 事件概述请求：消息条数和提供给模型的工具名
      Given Agent 返回的指令是 `{"type":"call_llm","payload":{"tools":[{"type":"function","function":{"name":"get_weather"}},{"type":"function","function":{"name":"calculator"}}]}}`
      And 模型运行时流出 "Hi" 和不带 total_tokens 的用量 3+4
      When 我执行步骤
      Then llm_start 事件应该说明发出 1 条消息，列出工具 "get_weather, calculator"

    Scenario: 会话 ID 不是字符串时不能创建初始状态
      When 我用会话 ID 42 调用 createInitialState
      Then 应该抛出 TypeError，消息包含 "sessionId must be a non-empty string"

    Scenario: 直接调用内置执行器时，null 指令也得到指出指令的错误
      When 直接用 null 指令调用内置的 "call_tool" 执行器
      Then 应该抛出 TypeError，消息包含 "Invalid undefined instruction: instruction: Invalid input: expected object"
