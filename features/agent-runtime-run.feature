@own
Feature: AgentRuntime 的驱动循环，有界且带版本的状态
  库的使用者不必自己写驱动循环：runtime.run(state, { human, signal, maxSteps, onEvent, saveState }) 一步步推进，
  直到完成、需要人、出错、被中断或达到步数上限，返回一个带着可保存、可续接状态的判别结果。
  step(state, toolCall?, { signal, onEvent }) 把中止信号交给模型请求和工具，从不拒绝，并在边界上校验它收到的
  已批准工具调用和模型流出的每一块。状态带有 schema 版本，载入时按状态逐项校验；保存的状态不含流式块。

  Rule: run 推进到需要人为止，人的决定让它继续

    Scenario: 没有人能批准时 run 暂停，结果指出等待批准的工具调用，每次变化都已保存
      Given 我有一个配置了天气工具的 Agent
      And Agent 能够根据状态做出智能决策
      And 我有一个配置了 modelRuntime 的运行时
      And 模型会调用天气工具查询 "Beijing"
      When 用户问 "What's the weather in Beijing?" 并用 run 驱动
      Then run 的结果应该是 "waiting_for_human_input"，共 2 步
      And run 应该在等待批准工具 "get_weather"
      And 天气工具应该还没有被执行
      And 最后保存的状态应该就是结果中的状态
      And 模型应该恰好被请求 1 次

    Scenario: 暂停的状态存为 JSON，新的运行时载入后由人批准，run 完成
      Given 我有一个配置了天气工具的 Agent
      And Agent 能够根据状态做出智能决策
      And 我有一个配置了 modelRuntime 的运行时
      And 模型会调用天气工具查询 "Beijing"
      And 模型会回答 "It is 25°C and sunny in Beijing."
      When 用户问 "What's the weather in Beijing?" 并用 run 驱动
      And run 结果中的状态被保存为 JSON 后由一个新的运行时载入
      And 人会批准所有工具调用
      And 用 run 从载入的状态继续
      Then run 的结果应该是 "done"，共 3 步
      And 天气工具应该以城市 "Beijing" 被执行一次
      And 结果中的最后一条消息应该是助手回答 "It is 25°C and sunny in Beijing."

    Scenario: 人拒绝工具调用时产生 tool_rejected 事件，模型得知被拒绝后回答
      Given 我有一个配置了天气工具的 Agent
      And Agent 能够根据状态做出智能决策
      And 我有一个配置了 modelRuntime 的运行时
      And 模型会调用天气工具查询 "Beijing"
      And 模型会回答 "I was not allowed to check."
      And 人会拒绝所有工具调用
      When 用户问 "What's the weather in Beijing?" 并用 run 驱动
      Then run 的结果应该是 "done"
      And run 中天气工具不应该被执行，最终状态没有待批准的调用
      And run 的事件类型应该依次是 "llm_start, llm_stream, llm_result, human_approve_required, tool_pending, tool_rejected, llm_start, llm_stream, llm_result, done"
      And 模型第 2 次收到的最后一条消息应该是对 "call_weather" 的拒绝

    Scenario: 模型一次要调用两个工具，人都拒绝：模型得知两个拒绝后回答
      Given 我有一个配置了天气工具的 Agent
      And Agent 能够根据状态做出智能决策
      And 我有一个配置了 modelRuntime 的运行时
      And 模型会调用天气工具查询 "Beijing" 和 "Paris"
      And 模型会回答 "I was not allowed to check."
      And 人会拒绝所有工具调用
      When 用户问 "Weather in Beijing and Paris?" 并用 run 驱动
      Then run 的结果应该是 "done"
      And run 中天气工具不应该被执行，最终状态没有待批准的调用
      And run 的事件类型应该依次是 "llm_start, llm_stream, llm_result, human_approve_required, tool_pending, tool_rejected, tool_rejected, llm_start, llm_stream, llm_result, done"

    Scenario: 人回答提问后答案成为用户消息，run 继续到完成
      Given 一个先问 "Your name?"、得到回答后结束的 Agent
      And 人会回答 "Alice"
      When 用户问 "Greet me" 并用 run 驱动
      Then run 的结果应该是 "done"
      And 结果中的最后一条消息应该是用户消息 "Alice"
      And run 的事件类型应该依次是 "human_prompt_required, human_answered, done"

    Scenario: 没有人能回答提问时 run 暂停，结果指出等待的提问
      Given 一个先问 "Your name?"、得到回答后结束的 Agent
      When 用户问 "Greet me" 并用 run 驱动
      Then run 的结果应该是 "waiting_for_human_input"，共 1 步
      And run 应该在等待回答提问 "Your name?"
      And 最后保存的状态应该就是结果中的状态

    Scenario: 人选择一项后选择成为用户消息，run 完成；没有人能选时 run 暂停在选择上
      Given 一个先让人从 "red, blue" 中选一项、选好后结束的 Agent
      When 用户问 "Pick a colour" 并用 run 驱动
      Then run 应该在等待选择 "Pick one"
      Given 人会选择 "blue"
      When 用 run 从载入的状态继续
      Then run 的结果应该是 "done"
      And 结果中的最后一条消息应该是用户消息 "blue"
      And run 的事件类型应该依次是 "human_answered, done"

    Scenario: 人选了不存在的选项时 run 以 HumanResponseError 结束，状态仍在等待选择
      Given 一个先让人从 "red, blue" 中选一项、选好后结束的 Agent
      And 人会选择 "green"
      When 用户问 "Pick a colour" 并用 run 驱动
      Then run 的结果应该是 "error"，错误包含 "Unknown option: green (expected one of red, blue)"
      And run 的错误名应该是 "HumanResponseError"
      And 结果中的状态应该在等待人工输入

    Scenario: 回答提问的人自己出错时 run 以这个错误结束
      Given 一个先问 "Your name?"、得到回答后结束的 Agent
      And 人回答提问时会抛出 "no keyboard"
      When 用户问 "Greet me" 并用 run 驱动
      Then run 的结果应该是 "error"，错误包含 "no keyboard"
      And 结果中的状态应该在等待人工输入

    Scenario: 保存人的回答失败时 run 以 error 结束
      Given 一个先问 "Your name?"、得到回答后结束的 Agent
      And 人会回答 "Alice"
      And 第 3 次保存状态会失败，原因是 "disk full"
      When 用户问 "Greet me" 并用 run 驱动
      Then run 的结果应该是 "error"，错误包含 "saving the state failed: disk full"

  Rule: run 在中止、步数上限和失败时停下，留下可以续接的状态

    Scenario: 等待模型回答时中止：请求被取消，run 立即以 interrupted 结束，状态停在这一步之前
      Given 我有一个配置了天气工具的 Agent
      And Agent 能够根据状态做出智能决策
      And 我有一个配置了 modelRuntime 的运行时
      And 模型要 5000 毫秒后才回答 "too late"
      When 用户问 "What's the weather in Beijing?" 并用 run 驱动，50 毫秒后中止
      Then run 的结果应该是 "interrupted"
      And run 应该在 1000 毫秒内结束
      And 结果中的状态应该只有用户的问题
      And run 的事件中不应该有 "error"

    Scenario: 流式回复中途中止：模型运行时收到中止信号，已经流出的块照常送达
      Given 一个总是调用模型的 Agent
      And 模型运行时流出 "Hel" 后一直等到中止信号
      When 用户问 "hi" 并用 run 驱动，收到第一个流式块后中止
      Then run 的结果应该是 "interrupted"
      And 模型运行时应该收到了中止信号
      And run 的事件类型应该依次是 "llm_start, llm_stream"
      And 结果中的状态应该只有用户的问题

    Scenario: 工具不理会中止信号时，步骤也在中止时结束
      Given 我有一个配置了天气工具的 Agent
      And Agent 能够根据状态做出智能决策
      And 我有一个配置了 modelRuntime 的运行时
      And 天气工具永远不结束，也不理会中止信号
      And 模型会调用天气工具查询 "Beijing"
      And 人会批准所有工具调用
      When 用户问 "What's the weather in Beijing?" 并用 run 驱动，天气工具开始后中止
      Then run 的结果应该是 "interrupted"
      And run 应该在 1000 毫秒内结束
      And 天气工具收到的信号应该已经中止
      And 结果中的状态应该在等待批准工具 "get_weather"

    Scenario: 达到步数上限时停下，结果是 max_steps
      Given 我有一个配置了天气工具的 Agent
      And Agent 能够根据状态做出智能决策
      And 我有一个配置了 modelRuntime 的运行时
      And 模型会调用天气工具查询 "Beijing"
      And 人会批准所有工具调用
      When 用户问 "What's the weather in Beijing?" 并用 run 驱动，最多 3 步
      Then run 的结果应该是 "max_steps"，共 3 步
      And 天气工具应该以城市 "Beijing" 被执行一次
      And 模型应该恰好被请求 1 次

    Scenario: 步骤失败时 run 以 error 结束，带着错误，失败的状态已保存
      Given 我有一个配置了天气工具的 Agent
      And Agent 能够根据状态做出智能决策
      And 我有一个配置了 modelRuntime 的运行时
      And 模型会以 HTTP 500 "model overloaded" 拒绝请求
      When 用户问 "What's the weather in Beijing?" 并用 run 驱动
      Then run 的结果应该是 "error"，错误包含 "model overloaded"
      And 最后保存的状态应该就是结果中的状态

    Scenario: 监听器抛出异常不影响运行
      Given 我有一个配置了天气工具的 Agent
      And Agent 能够根据状态做出智能决策
      And 我有一个配置了 modelRuntime 的运行时
      And 模型会调用天气工具查询 "Beijing"
      And 模型会回答 "I was not allowed to check."
      And 人会拒绝所有工具调用
      And run 的事件监听器每次都会抛出异常
      When 用户问 "What's the weather in Beijing?" 并用 run 驱动
      Then run 的结果应该是 "done"
      And run 的事件中应该有 "tool_rejected"
      And 结果中的最后一条消息应该是助手回答 "I was not allowed to check."

    Scenario: 保存失败时 run 以 error 结束并说明是保存失败
      Given 我有一个配置了天气工具的 Agent
      And Agent 能够根据状态做出智能决策
      And 我有一个配置了 modelRuntime 的运行时
      And 模型会回答 "Hello"
      And 第 2 次保存状态会失败，原因是 "disk full"
      When 用户问 "hi" 并用 run 驱动
      Then run 的结果应该是 "error"，错误包含 "saving the state failed: disk full"

    Scenario: 人还没决定时中止：run 以 interrupted 结束，状态仍在等待批准
      Given 我有一个配置了天气工具的 Agent
      And Agent 能够根据状态做出智能决策
      And 我有一个配置了 modelRuntime 的运行时
      And 模型会调用天气工具查询 "Beijing"
      And 人永远不对工具调用做决定
      When 用户问 "What's the weather in Beijing?" 并用 run 驱动，200 毫秒后中止
      Then run 的结果应该是 "interrupted"
      And 结果中的状态应该在等待批准工具 "get_weather"
      And 天气工具应该还没有被执行

    Scenario: 用已经中止的 signal 运行：立即 interrupted，一步都不走
      Given 一个总是调用模型的 Agent
      When 用户问 "hi" 并用 run 驱动，signal 已经中止
      Then run 的结果应该是 "interrupted"，共 0 步
      And 模型应该恰好被请求 0 次

    Scenario: 开始时保存就失败：run 以 error 结束，一步都不走
      Given 一个总是调用模型的 Agent
      And 第 1 次保存状态会失败，原因是 "read-only file system"
      When 用户问 "hi" 并用 run 驱动
      Then run 的结果应该是 "error"，错误包含 "saving the state failed: read-only file system"
      And run 的结果应该是 "error"，共 0 步
      And 模型应该恰好被请求 0 次

    Scenario: maxSteps 不是正整数时 run 以 error 结束而不是拒绝
      Given 一个总是调用模型的 Agent
      When 用户问 "hi" 并用 run 驱动，最多 0 步
      Then run 的结果应该是 "error"，错误包含 "maxSteps must be a whole number >= 1 (got 0)"
      And run 的结果应该是 "error"，共 0 步
      And 模型应该恰好被请求 0 次

    Scenario: 状态不合法时 run 以 InvalidStateError 结束而不是拒绝
      Given 一个总是调用模型的 Agent
      And 一个合法的状态被改为 {"sessionId":" "}
      When 用 run 驱动这个状态
      Then run 的结果应该是 "error"，错误包含 "state.sessionId: expected a non-empty session id"
      And run 的错误名应该是 "InvalidStateError"
      And 模型应该恰好被请求 0 次

    Scenario: 不保存状态的 run：Agent 结束时没有给原因，run 的结果也不带原因
      Given Agent 返回的指令是 `{"type":"finish"}`
      When 用户问 "hi" 并用 run 驱动，不保存状态
      Then run 的结果不应该带完成原因
      And run 的结果应该是 "done"，共 1 步

  Rule: step() 从不拒绝，并在边界上校验它收到的东西

    Scenario Outline: Agent 的 runner 抛出<值>时，步骤仍然返回一个错误事件
      Given Agent 的 runner 会抛出<值>
      When 我执行步骤
      Then 步骤应该只产生一个错误事件，错误消息包含 "<消息>"
      And 新状态应该为 error 并保存同样的错误信息

      Examples:
        | 值                        | 消息                                     |
        | 一个 BigInt               | A non-error value was thrown: 10n         |
        | 一个循环引用的对象        | [Circular                                |
        | 读取 message 会抛出的错误 | the error message could not be read      |
        | 任何操作都会抛出的 Proxy  | A value was thrown that cannot be described |
        | message 是数字的错误      | 42                                        |
        | message 是 undefined 的错误 | (the error message could not be read)   |
        | 两千个元素的数组          | A non-error value was thrown: [0,0,0      |
        | 两千个元素的数组          | 0,…                                       |

    Scenario: Agent 的 runner 抛出名字为空的错误时，错误名是 Error
      Given Agent 的 runner 会抛出名字为空的错误
      When 我执行步骤
      Then 步骤应该只产生一个错误事件，错误消息包含 "nameless"
      And 错误事件的错误名应该是 "Error"

    Scenario Outline: 不合法的已批准工具调用变成指出字段的错误事件，工具不被执行
      Given 我有一个注册了工具的 Agent
      When 我用已批准的工具调用 <调用> 执行步骤
      Then 步骤应该只产生一个错误事件，错误消息包含 "<字段>"
      And 计算器工具不应该被执行

      Examples:
        | 调用                                                                                  | 字段                                                   |
        | {}                                                                                    | toolCall.id: Invalid input: expected string              |
        | {"id":"c1","type":"function","function":{"name":"calculator","arguments":{"x":1}}}    | toolCall.function.arguments: Invalid input: expected string |
        | "calculator"                                                                          | toolCall: Invalid input: expected object                 |

    Scenario Outline: 模型运行时流出不合法的块时是指出字段的错误事件，状态不被污染
      Given 我有一个会返回 call_llm 指令的 Agent
      And 模型运行时流出 "Hi" 后流出块 <块>
      When 我执行步骤
      Then 步骤应该只产生一个错误事件，错误消息包含 "<字段>"
      And 新状态的消息应该与步骤前的相同
      And 新状态可以被 parseAgentState 载入

      Examples:
        | 块                                                                                  | 字段                                                  |
        | {"tool_calls":["get_weather"]}                                                      | chunk 2.tool_calls.0: Invalid input: expected object    |
        | {"tool_calls":[{"id":7,"type":"function","function":{"name":"f","arguments":"{}"}}]} | chunk 2.tool_calls.0.id: Invalid input: expected string |
        | "hello"                                                                             | chunk 2: Invalid input: expected object                 |

    Scenario: 工具不理会中止信号时，step 也在中止时以 AbortError 事件结束
      Given 我有一个配置了天气工具的 Agent
      And Agent 能够根据状态做出智能决策
      And 天气工具永远不结束，也不理会中止信号
      When 我用已批准的天气工具调用执行步骤，20 毫秒后中止
      Then 步骤应该只产生一个错误事件，错误消息包含 "The step was aborted"
      And 错误事件的错误名应该是 "AbortError"
      And 步骤应该在 1000 毫秒内结束
      And 天气工具收到的信号应该已经中止

    Scenario: 执行器交回一个缺少等待内容的 waiting 状态时是错误事件
      Given "finish" 执行器会交回一个 waiting_for_human_input 但什么都不等的状态
      And 我有一个返回 finish 指令的 Agent
      When 我执行步骤
      Then 步骤应该只产生一个错误事件，错误消息包含 "The executor returned an invalid state: state.pendingToolsCalling"

  Rule: 状态带 schema 版本，载入时按状态逐项校验

    Scenario Outline: 载入<情形>的状态时，错误指出字段
      Given 一个合法的状态被改为 <修改>
      When 用 parseAgentState 载入它
      Then 载入应该失败，错误包含 "<错误>"
      And 用这个状态执行步骤应该只产生一个错误事件，错误消息包含 "<错误>"

      Examples:
        | 情形                 | 修改                                                                                              | 错误                                                     |
        | 等待人工输入却没有等待内容 | {"status":"waiting_for_human_input"}                                                             | state.pendingToolsCalling: a waiting_for_human_input state must hold what it waits for |
        | 出错却没有错误     | {"status":"error"}                                                                                | state.error: an error state must hold its error          |
        | 中断却没有中断原因 | {"status":"interrupted"}                                                                          | state.interruption: an interrupted state must hold its interruption |
        | 步数是负数         | {"stepCount":-1}                                                                                  | state.stepCount                                          |
        | 没有版本           | {"schemaVersion":null}                                                                            | state.schemaVersion: missing                             |
        | 更新的版本写的     | {"schemaVersion":99}                                                                              | state.schemaVersion: version 99 was written by a newer runtime |
        | 版本不是数字       | {"schemaVersion":"1"}                                                                             | state.schemaVersion: expected a number                   |
        | 更旧的版本写的     | {"schemaVersion":0}                                                                               | state.schemaVersion: version 0 cannot be read            |
        | 消息的角色不对     | {"messages":[{"role":"robot","content":"hi"}]}                                                    | state.messages.0.role                                    |
        | 待选项为空         | {"status":"waiting_for_human_input","pendingHumanSelect":{"prompt":"Pick","options":[],"multi":false}} | state.pendingHumanSelect.options                          |

    Scenario: 新创建的状态带当前的 schema 版本，并且可以原样载入
      When 我调用 createInitialState
      Then 状态的 schemaVersion 应该是当前版本
      And 新创建的状态可以被 parseAgentState 载入

  Rule: 状态有界：保存的状态随消息线性增长，而不是随步数乘以流式块数

    Scenario: 1000 步之后保存的状态不含流式块，大小与消息本身成正比
      Given 一个每次都调用模型、攒够 1000 条回复才结束的 Agent，模型每次流出 20 块
      When 用户问 "count to 1000" 并用 run 驱动，最多 1001 步
      Then run 的结果应该是 "done"，共 1001 步
      And 最后保存的状态中不应该有 llm_stream 事件
      And 最后保存的状态的大小应该不超过其消息大小的 4 倍
      And done 事件的最终状态中不应该有对话的副本

  Rule: run 的结果和它报告的东西

    Scenario: Agent 结束时给出的原因成为 run 结果的完成原因
      Given 一个先问 "Your name?"、得到回答后结束的 Agent
      And 人会回答 "Alice"
      When 用户问 "Greet me" 并用 run 驱动
      Then run 的结果应该带完成原因 "answered"

    Scenario: 载入一个已经完成的状态时 run 不走一步，保存的状态去掉了流式块
      Given 一个总是调用模型的 Agent
      And 一个合法的状态被改为 {"status":"done","events":[{"type":"llm_stream"},{"type":"llm_stream"}]}
      When 用 run 驱动这个状态
      Then run 的结果应该是 "done"，共 0 步
      And run 的结果不应该带完成原因
      And 最后保存的状态中不应该有流式块
      And 模型应该恰好被请求 0 次

    Scenario: 监听器每次都抛出异常时，run 只发出一次进程警告
      Given 我有一个配置了天气工具的 Agent
      And Agent 能够根据状态做出智能决策
      And 我有一个配置了 modelRuntime 的运行时
      And 模型会调用天气工具查询 "Beijing"
      And 模型会回答 "I was not allowed to check."
      And 人会拒绝所有工具调用
      And run 的事件监听器每次都会抛出异常
      When 用户问 "What's the weather in Beijing?" 并用 run 驱动
      Then run 的结果应该是 "done"
      And run 应该恰好发出一次进程警告 "AgentRuntime run: an onEvent listener threw (listener broke); later failures are not reported"

    Scenario: 没有事件监听器的 run 照常完成，不发出警告
      Given Agent 返回的指令是 `{"type":"finish","reason":"nothing to do"}`
      When 用户问 "hi" 并用 run 驱动，没有事件监听器
      Then run 的结果应该是 "done"，共 1 步
      And run 的结果应该带完成原因 "nothing to do"
      And run 不应该发出进程警告

    Scenario: 步骤失败时监听器也收到错误事件
      Given 我有一个配置了天气工具的 Agent
      And Agent 能够根据状态做出智能决策
      And 我有一个配置了 modelRuntime 的运行时
      And 模型会以 HTTP 500 "model overloaded" 拒绝请求
      When 用户问 "What's the weather in Beijing?" 并用 run 驱动
      Then run 的结果应该是 "error"，错误包含 "model overloaded"
      And run 的事件中应该有 "error"

    Scenario: 最多 1 步的 run 走一步就停下
      Given 一个总是调用模型的 Agent
      And 我有一个配置了 modelRuntime 的运行时
      And 模型会回答 "Hello"
      When 用户问 "hi" 并用 run 驱动，最多 1 步
      Then run 的结果应该是 "max_steps"，共 1 步
      And 模型应该恰好被请求 1 次

    Scenario: 人批准的调用正好超出步数上限时，run 以 max_steps 结束，工具不被执行
      Given 我有一个配置了天气工具的 Agent
      And Agent 能够根据状态做出智能决策
      And 我有一个配置了 modelRuntime 的运行时
      And 模型会调用天气工具查询 "Beijing"
      And 人会批准所有工具调用
      When 用户问 "What's the weather in Beijing?" 并用 run 驱动，最多 2 步
      Then run 的结果应该是 "max_steps"，共 2 步
      And 天气工具应该还没有被执行
      And 结果中的状态应该在等待批准工具 "get_weather"

    Scenario: 保存人的回答失败时 run 就此结束，错误名是 SaveStateError
      Given 一个先问 "Your name?"、得到回答后结束的 Agent
      And 人会回答 "Alice"
      And 第 3 次保存状态会失败，原因是 "disk full"
      When 用户问 "Greet me" 并用 run 驱动
      Then run 的结果应该是 "error"，共 1 步
      And run 的错误名应该是 "SaveStateError"
      And 结果中的最后一条消息应该是用户消息 "Alice"

  Rule: 工具批准 Agent 一次一个地请求批准模型要的每个调用

    Scenario: 模型一次要调用两个工具，人都批准：两个工具都执行，模型看到两个结果后回答
      Given 我有一个配置了天气工具的 Agent
      And Agent 能够根据状态做出智能决策
      And 我有一个配置了 modelRuntime 的运行时
      And 模型会调用天气工具查询 "Beijing" 和 "Paris"
      And 模型会回答 "Sunny in both."
      And 人会批准所有工具调用
      When 用户问 "Weather in Beijing and Paris?" 并用 run 驱动
      Then run 的结果应该是 "done"
      And 天气工具应该依次以城市 "Beijing, Paris" 被执行
      And 结果中的最后一条消息应该是助手回答 "Sunny in both."

    Scenario: 两个调用中只批准了第一个时，再执行一步，Agent 请求批准剩下的那个
      Given 我有一个配置了天气工具的 Agent
      And Agent 能够根据状态做出智能决策
      And 我有一个配置了 modelRuntime 的运行时
      And 模型会调用天气工具查询 "Beijing" 和 "Paris"
      And 人只批准第一个工具调用，其余的还没决定
      When 用户问 "Weather in Beijing and Paris?" 并用 run 驱动
      Then run 应该在等待批准工具 "get_weather"
      And 天气工具应该以城市 "Beijing" 被执行一次
      When 运行时再执行一步
      Then 本步应该再次请求批准调用 "call_weather_2"

    Scenario: 模型在后来的一轮里重用了之前的调用 ID 时，人仍要批准并执行这次调用
      Given 我有一个配置了天气工具的 Agent
      And Agent 能够根据状态做出智能决策
      And 我有一个配置了 modelRuntime 的运行时
      And 模型会调用天气工具查询 "Beijing"
      And 模型会调用天气工具查询 "Paris"
      And 模型会回答 "Sunny in both."
      And 人会批准所有工具调用
      When 用户问 "Weather in Beijing, then Paris?" 并用 run 驱动
      Then run 的结果应该是 "done"
      And 天气工具应该依次以城市 "Beijing, Paris" 被执行
      And run 的结果应该带完成原因 "The model answered without calling a tool"

    Scenario: 对话还没有任何消息时，Agent 先请求模型
      Given 我有一个配置了天气工具的 Agent
      And Agent 能够根据状态做出智能决策
      And 我有一个配置了 modelRuntime 的运行时
      And 模型会回答 "How can I help?"
      And 一个合法的状态被改为 {"messages":[]}
      When 用 run 驱动这个状态
      Then run 的结果应该是 "done"，共 2 步
      And 结果中的最后一条消息应该是助手回答 "How can I help?"

  Rule: 载入的状态逐项校验，每个错误都指出字段；载入的消息和事件是冻结的副本

    Scenario Outline: 载入<情形>的状态时，错误指出每个字段
      Given 一个合法的状态被改为 <修改>
      When 用 parseAgentState 载入它
      Then 载入应该失败，错误包含 "<错误>"
      And 用这个状态执行步骤应该只产生一个错误事件，错误消息包含 "<错误>"

      Examples:
        | 情形                 | 修改                                                                                                                                        | 错误                                                                        |
        | 两个字段都不对       | {"sessionId":" ","status":"paused"}                                                                                                         | state.sessionId: expected a non-empty session id; state.status: Invalid option |
        | 等待的提示没有内容   | {"status":"waiting_for_human_input","pendingHumanPrompt":{}}                                                                                | state.pendingHumanPrompt.prompt                                              |
        | 选项缺少值           | {"status":"waiting_for_human_input","pendingHumanSelect":{"prompt":"Pick","options":[{"label":"a"}],"multi":false}}                         | state.pendingHumanSelect.options.0.value                                     |
        | 错误缺少消息         | {"status":"error","error":{"name":"Boom"}}                                                                                                  | state.error.message                                                          |
        | 事件没有类型         | {"events":[{"type":""}]}                                                                                                                    | state.events.0.type                                                          |
        | 待批准调用的 ID 为空 | {"status":"waiting_for_human_input","pendingToolsCalling":[{"id":"","type":"function","function":{"name":"f","arguments":"{}"}}]}           | state.pendingToolsCalling.0.id: expected a non-empty id                      |
        | 待批准调用没有函数名 | {"status":"waiting_for_human_input","pendingToolsCalling":[{"id":"c1","type":"function","function":{"name":"","arguments":"{}"}}]}          | state.pendingToolsCalling.0.function.name: expected a non-empty name         |

    Scenario: 带系统消息和各种事件的状态可以原样载入，公开的 agentStateSchema 也接受它
      Given 一个合法的状态被改为 {"messages":[{"role":"system","content":"Be brief."},{"role":"user","content":"hi"}],"events":[{"type":"custom"},{"type":"done"}]}
      Then 这个状态可以被 parseAgentState 原样载入
      And 公开的 agentStateSchema 应该接受这个状态

    Scenario: 公开的 agentStateSchema 逐条校验消息和事件
      Given 一个合法的状态被改为 {"events":[{"type":"custom"},{"type":""}]}
      Then 公开的 agentStateSchema 应该拒绝这个状态，问题在 "events.1.type"

    Scenario: 载入状态得到的消息和事件是冻结的副本，调用者自己的对象不被冻结
      Given 一个合法的状态被改为 {"messages":[{"role":"assistant","content":null,"tool_calls":[{"id":"c1","type":"function","function":{"name":"f","arguments":"{}"}}]}],"events":[{"type":"custom","detail":{"n":1}}]}
      When 用 parseAgentState 载入这个状态对象本身
      Then 载入的状态中的消息和事件连同其中的对象都应该是冻结的
      And 调用者自己的消息和事件应该仍可修改

    Scenario Outline: 公开的 agentStateSchema 把状态自身的规则（<规则>）报告为 custom 问题
      Given 一个合法的状态被改为 <修改>
      Then 公开的 agentStateSchema 应该拒绝这个状态，问题在 "<字段>"，代码是 "custom"

      Examples:
        | 规则             | 修改                                  | 字段                |
        | 等待时要有等待内容 | {"status":"waiting_for_human_input"}  | pendingToolsCalling |
        | 出错时要有错误     | {"status":"error"}                    | error               |
        | 版本要能读         | {"schemaVersion":99}                  | schemaVersion       |

  Rule: 错误事件说清楚抛出的是什么，描述最多 1000 个字符

    Scenario: Agent 的 runner 抛出字符串时，错误名是 Error，消息就是这个字符串
      Given Agent 的 runner 会抛出 `"plain words"`
      When 我执行步骤
      Then 错误事件的错误应该是 "Error"，消息正好是 "plain words"

    Scenario Outline: Agent 的 runner 抛出<值>时，错误消息正好说明它
      Given Agent 的 runner 会抛出<值>
      When 我执行步骤
      Then 错误事件的错误应该是 "<名字>"，消息正好是 "<消息>"

      Examples:
        | 值                                 | 名字  | 消息                                                                                       |
        | 一个 BigInt                        | Error | A non-error value was thrown: 10n                                                          |
        | message 是对象的错误               | Error | {"code":7}                                                                                 |
        | 任何操作都会抛出的 Proxy           | Error | A value was thrown that cannot be described                                                |
        | 带 getter 和自定义 inspect 的循环对象 | Error | A non-error value was thrown: <ref *1> { name: 'loop', secret: [Getter], self: [Circular *1] } |

    Scenario Outline: 抛出的值的描述<情形>
      Given Agent 的 runner 会抛出<值>
      When 我执行步骤
      Then 错误事件的消息应该是 "A non-error value was thrown: " 加上 <长度> 个字符的描述，以 "<结尾>" 结尾

      Examples:
        | 情形                       | 值                       | 长度 | 结尾   |
        | 正好 1000 个字符时原样保留 | 描述正好 1000 个字符的对象 | 1000 | xx"}   |
        | 超过 1000 个字符时截断     | 描述有 1001 个字符的对象   | 1000 | xxx…   |

  Rule: 多选的回答

    Scenario: 人选了几项时，这几项以逗号分隔成为用户消息，run 报告同样的回答
      Given 一个先让人从 "red, blue, green" 中选几项、选好后结束的 Agent
      And 人会选择 "red, green" 这几项
      When 用户问 "Pick colours" 并用 run 驱动
      Then run 的结果应该是 "done"
      And 结果中的最后一条消息应该是用户消息 "red, green"
      And run 报告的人的回答应该是 "red, green"

    Scenario: 人选了几个不存在的选项时，错误列出每一个
      Given 一个先让人从 "red, blue" 中选几项、选好后结束的 Agent
      And 人会选择 "pink, teal" 这几项
      When 用户问 "Pick colours" 并用 run 驱动
      Then run 的结果应该是 "error"，错误包含 "Unknown option: pink, teal (expected one of red, blue)"

  Rule: 人只回答他能回答的：缺少的那种决定让 run 暂停

    Scenario: 人只会回答提问时，run 停在等待批准工具调用
      Given 我有一个配置了天气工具的 Agent
      And Agent 能够根据状态做出智能决策
      And 我有一个配置了 modelRuntime 的运行时
      And 模型会调用天气工具查询 "Beijing"
      And 人会回答 "Alice"
      When 用户问 "What's the weather in Beijing?" 并用 run 驱动
      Then run 应该在等待批准工具 "get_weather"

    Scenario: 人只会批准工具调用时，run 停在等待回答提问
      Given 一个先问 "Your name?"、得到回答后结束的 Agent
      And 人会批准所有工具调用
      When 用户问 "Greet me" 并用 run 驱动
      Then run 应该在等待回答提问 "Your name?"

    Scenario: 人只会回答提问时，run 停在等待选择
      Given 一个先让人从 "red, blue" 中选一项、选好后结束的 Agent
      And 人会回答 "Alice"
      When 用户问 "Pick a colour" 并用 run 驱动
      Then run 应该在等待选择 "Pick one"

    Scenario: 载入的已完成状态在 done 事件之后还有事件时，run 的完成原因仍取自 done 事件
      Given 一个合法的状态被改为 {"status":"done","events":[{"type":"done","reason":"all answered"},{"type":"custom"}]}
      When 用 run 驱动这个状态
      Then run 的结果应该是 "done"，共 0 步
      And run 的结果应该带完成原因 "all answered"

    Scenario: 带着同一个 signal 走很多步的 run 不在 signal 上留下监听器
      Given 一个每次都调用模型、攒够 20 条回复才结束的 Agent，模型每次流出 1 块
      When 用户问 "count to 20" 并用 run 驱动，带着一个不会中止的 signal
      Then run 的结果应该是 "done"，共 21 步
      And run 不应该发出进程警告
