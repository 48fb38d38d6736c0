@own
Feature: AgentRuntime 为服务准备的能力：步数、用量与费用、费用上限、中断与恢复
  作为服务运行的 AgentRuntime 要跨进程记账：状态里记着走过的步数（stepCount）、可选的步数上限（maxSteps，
  到了上限那一步不再问 Agent，模型在没有工具的情况下给出最终回答）、累计的用量和按价格表算出的费用，
  以及费用上限（maxCostUsd，到了就结束或中断）。interrupt(state, reason) 让状态停在步骤边界上，resume 让它回到原处。
  状态带版本：版本 1 保存的状态仍然可以载入。

  Rule: 每一步都记在状态里，maxSteps 那一步是强制的最终回答

    Scenario: 步数跨越保存和载入继续累计，工具收到 toolCallId 作为幂等键
      Given 我有一个配置了天气工具的 Agent
      And Agent 能够根据状态做出智能决策
      And 我有一个配置了 modelRuntime 的运行时
      And 模型会调用天气工具查询 "Beijing"
      And 模型会回答 "It is 25°C and sunny in Beijing."
      When 用户问 "What's the weather in Beijing?" 并用 run 驱动
      Then 结果中的状态的步数应该是 2
      When run 结果中的状态被保存为 JSON 后由一个新的运行时载入
      And 人会批准所有工具调用
      And 用 run 从载入的状态继续
      Then run 的结果应该是 "done"，共 3 步
      And 结果中的状态的步数应该是 5
      And 天气工具收到的 toolCallId 应该是 "call_weather"

    Scenario: 到了 maxSteps：未回答的调用得到一条跳过的工具结果，模型不带工具回答，工具调用被去掉，状态完成
      Given 我有一个配置了天气工具的 Agent
      And Agent 能够根据状态做出智能决策
      And 我有一个配置了 modelRuntime 的运行时
      And 模型会调用天气工具查询 "Beijing"
      And 模型会回答 "I ran out of steps." 并且仍然调用天气工具
      And 人会批准所有工具调用
      When 用户问 "What's the weather in Beijing?" 并用 run 驱动，状态的 maxSteps 是 3
      Then run 的结果应该是 "done"，共 3 步
      And run 的结果应该带完成原因 "max_steps"
      And 天气工具应该还没有被执行
      And 结果中的状态里 "call_weather" 的工具结果应该是跳过
      And 模型第 2 次请求不应该提供工具
      And 结果中的最后一条消息应该是助手回答 "I ran out of steps."
      And 结果中的状态的步数应该是 3

    Scenario: 没有 modelRuntime 时，maxSteps 那一步直接完成，不问 Agent
      Given 我有一个返回 finish 指令的 Agent
      When 用户问 "hi" 并用 run 驱动，状态的 maxSteps 是 1
      Then run 的结果应该是 "done"，共 1 步
      And run 的结果应该带完成原因 "max_steps"
      And Agent 的 runner 方法不应该被调用

  Rule: 用量和费用累计在状态里，费用上限到了就结束或中断

    Scenario Outline: 模型 <模型> 的两次回答：用量累计，费用按价格表计算
      Given 价格表中 "gpt-test" 每百万输入 2 美元、输出 8 美元<配置>
      And 一个用模型 <模型> 的天气 Agent
      And 模型会调用天气工具查询 "Beijing"，用量为输入 1000、输出 500
      And 模型会回答 "Sunny."，用量为输入 1000、输出 500
      And 人会批准所有工具调用
      When 用户问 "Weather?" 并用 run 驱动
      Then run 的结果应该是 "done"
      And 结果中的状态的用量应该是输入 2000、输出 1000、共 3000
      And 结果中的状态的费用应该是 <费用> 美元

      Examples:
        | 模型          | 配置                       | 费用  |
        | "gpt-test"    |                            | 0.012 |
        | "constructor" |                            | 0     |
        | 未指定        |                            | 0     |
        | 未指定        | ，运行时的默认模型是 "gpt-test" | 0.012 |
        | "gpt-test"    | ，但运行时没有价格表       | 0     |
        | "GPT-Test"    |                            | 0.012 |

    Scenario: 费用上限（stop）：花费到了上限，状态完成，原因指出上限和花费
      Given 价格表中 "gpt-test" 每百万输入 2 美元、输出 8 美元
      And 一个用模型 "gpt-test" 的天气 Agent
      And 模型会调用天气工具查询 "Beijing"，用量为输入 1000、输出 500
      When 用户问 "Weather?" 并用 run 驱动，费用上限 0.005 美元
      Then run 的结果应该是 "done"，共 1 步
      And run 的结果应该带完成原因 "cost limit reached: $0.006000 of $0.005"
      And 天气工具应该还没有被执行

    Scenario: 费用上限（interrupt）：状态被中断；提高上限并恢复后继续完成
      Given 价格表中 "gpt-test" 每百万输入 2 美元、输出 8 美元
      And 一个用模型 "gpt-test" 的天气 Agent
      And 模型会调用天气工具查询 "Beijing"，用量为输入 1000、输出 500
      And 模型会回答 "Sunny."，用量为输入 1000、输出 500
      When 用户问 "Weather?" 并用 run 驱动，费用上限 0.005 美元，到了就中断
      Then run 的结果应该是 "interrupted"，共 1 步
      And run 的事件中应该有 "interrupted"
      And 结果中的状态应该因 "cost limit reached: $0.006000 of $0.005" 而中断
      When 费用上限提高到 1 美元后恢复结果中的状态
      And 人会批准所有工具调用
      And 用 run 从载入的状态继续
      Then run 的结果应该是 "done"
      And 结果中的状态的费用应该是 0.012 美元

  Rule: interrupt 让状态停在步骤边界上，resume 让它回到原处

    Scenario: 等待批准时被中断：步骤什么都不做，run 立即结束；恢复后仍在等待同一个批准，批准后完成
      Given 我有一个配置了天气工具的 Agent
      And Agent 能够根据状态做出智能决策
      And 我有一个配置了 modelRuntime 的运行时
      And 模型会调用天气工具查询 "Beijing"
      And 模型会回答 "Sunny."
      When 用户问 "What's the weather in Beijing?" 并用 run 驱动
      And 以原因 "user left" 中断结果中的状态
      Then 中断应该产生一个 "interrupted" 事件，原因是 "user left"
      When 对中断的状态执行一步
      Then 这一步应该没有事件，状态不变，Agent 没有被再次询问
      When 用 run 驱动这个状态
      Then run 的结果应该是 "interrupted"，共 0 步
      When 恢复中断的状态
      Then 恢复后的状态应该在等待批准，事件是 "resumed"
      When 人会批准所有工具调用
      And 用 run 从载入的状态继续
      Then run 的结果应该是 "done"

    Scenario Outline: 不能中断<情形>的状态，不能恢复没被中断的状态
      Given 一个合法的状态被改为 <修改>
      Then <操作>这个状态应该失败，错误是 "<错误>"

      Examples:
        | 情形   | 修改                                                   | 操作 | 错误                                                      |
        | 已完成 | {"status":"done"}                                      | 中断 | Cannot interrupt a state that is done                     |
        | 已出错 | {"status":"error","error":{"name":"E","message":"x"}} | 中断 | Cannot interrupt a state that is error                     |
        | 运行中 | {"status":"running"}                                   | 恢复 | Only an interrupted state can be resumed (this one is running) |

    Scenario: 中断一个还没开始的状态，恢复后它回到 running
      Given 一个合法的状态被改为 {"status":"idle"}
      When 以原因 "later" 中断这个状态再恢复
      Then 恢复后的状态应该是 "running"

  Rule: 版本 1 保存的状态仍然可以载入

    Scenario: 版本 1 的状态（没有步数、用量和费用）载入为当前版本，从零开始记账
      Given 一个合法的状态被改为 {"schemaVersion":1,"stepCount":null,"usage":null,"costUsd":null}
      When 用 parseAgentState 载入它
      Then 载入的状态应该是当前版本，步数 0，用量和费用都是 0
