@own @service
Feature: AgentRuntime 作为服务：HTTP API、跨请求的人的决定、可续接的事件流
  服务把每个操作的状态、步数和事件日志放在存储里，把每一步作为队列里的任务交给 worker。
  同样的场景分别跑在内嵌的默认后端（一个进程，不需要安装任何东西）和真实的 redis-server（BullMQ）上。
  人的批准、拒绝、回答和中断都是单独的 HTTP 请求；事件流（SSE）按 id 续接，不缺也不重。

  Scenario Outline: 操作等待批准，第二个请求批准后完成；事件流实时送达，id 连续，完成后关闭（<后端>）
    Given 一个<后端>的服务
    And 模型会调用天气工具查询 "Beijing"
    And 模型会回答 "Sunny in Beijing."
    When 客户端创建操作，提示是 "Weather in Beijing?"
    Then 操作应该在等待批准工具调用 "call_weather"
    When 客户端打开操作的事件流
    And 客户端批准工具调用 "call_weather"
    Then 事件流应该在 "done" 之后关闭，事件依次是 "llm_start, llm_result, human_approve_required, tool_pending, tool_result, llm_start, llm_result, done"
    And 事件流的 id 应该从 1 起连续递增
    And 操作应该是 "done"，共 5 步，最后一条消息是助手回答 "Sunny in Beijing."
    And 服务的天气工具应该以 toolCallId "call_weather" 被执行一次

    Examples:
      | 后端  |
      | 内嵌  |
      | Redis |

  Scenario Outline: 拒绝工具调用并给出原因：模型得知拒绝后回答（<后端>）
    Given 一个<后端>的服务
    And 模型会调用天气工具查询 "Beijing"
    And 模型会回答 "I was not allowed to check."
    When 客户端创建操作，提示是 "Weather in Beijing?"
    Then 操作应该在等待批准工具调用 "call_weather"
    When 客户端拒绝工具调用 "call_weather"，原因是 "not today"
    Then 操作应该是 "done"，共 4 步，最后一条消息是助手回答 "I was not allowed to check."
    And 模型第 2 次收到的最后一条消息应该是对 "call_weather" 的拒绝，原因是 "not today"
    And 服务的天气工具不应该被执行

    Examples:
      | 后端  |
      | 内嵌  |
      | Redis |

  Scenario Outline: 回答提问（text）和选择（value）：答案成为工具结果，模型继续（<后端>）
    Given 一个<后端>的服务
    And 模型会问用户 "Your name?"
    And 模型会让用户从 "red, blue" 中选一个
    And 模型会回答 "Hello Alice, blue it is."
    When 客户端创建操作，提示是 "Greet me"
    Then 操作应该在等待回答提问 "Your name?"
    When 客户端回答 {"text":"Alice"}
    Then 操作应该在等待选择 "Pick a colour"
    When 客户端回答 {"value":"blue"}
    Then 操作应该是 "done"，共 8 步，最后一条消息是助手回答 "Hello Alice, blue it is."
    And 模型第 3 次收到的消息中工具结果应该依次是 '{"answer":"Alice"}, {"answer":"blue"}'

    Examples:
      | 后端  |
      | 内嵌  |
      | Redis |

  Scenario Outline: 等待中被中断：事件流在 interrupted 之后关闭；恢复后仍等待同一个批准，批准后完成（<后端>）
    Given 一个<后端>的服务
    And 模型会调用天气工具查询 "Beijing"
    And 模型会回答 "Sunny."
    When 客户端创建操作，提示是 "Weather in Beijing?"
    Then 操作应该在等待批准工具调用 "call_weather"
    When 客户端打开操作的事件流
    And 客户端中断操作
    Then 事件流应该在 "interrupted" 之后关闭
    And 操作应该是 "interrupted"
    When 客户端恢复操作
    Then 操作应该在等待批准工具调用 "call_weather"
    When 客户端批准工具调用 "call_weather"
    Then 操作应该是 "done"，共 5 步，最后一条消息是助手回答 "Sunny."

    Examples:
      | 后端  |
      | 内嵌  |
      | Redis |

  Scenario Outline: 运行中被中断：正在进行的这一步完成并保存，下一步不再开始（<后端>）
    Given 一个<后端>的服务
    And 模型要 600 毫秒后才回答 "Too late."
    When 客户端创建操作，提示是 "Hello"
    And 客户端打开操作的事件流
    And 模型收到第 1 次请求后，客户端中断操作
    Then 事件流应该在 "interrupted" 之后关闭，事件依次是 "llm_start, llm_result, interrupted"
    And 操作应该是 "interrupted"
    And 模型应该恰好被请求 1 次

    Examples:
      | 后端  |
      | 内嵌  |
      | Redis |

  Scenario Outline: 断线后按 Last-Event-ID 或 ?after= 续接：只收到之后的事件，不缺不重（<后端>）
    Given 一个<后端>的服务
    And 模型会回答 "Hi."
    When 客户端创建操作，提示是 "Hello"
    Then 操作应该是 "done"，共 2 步，最后一条消息是助手回答 "Hi."
    When 客户端以 Last-Event-ID 2 打开操作的事件流
    Then 事件流应该在 "done" 之后关闭，事件依次是 "done"
    When 客户端打开事件流 "/v1/operations/:id/events?after=1"
    Then 事件流应该在 "done" 之后关闭，事件依次是 "llm_result, done"
    And 事件流的 id 应该从 2 起连续递增

    Examples:
      | 后端  |
      | 内嵌  |
      | Redis |

  Scenario: 运行中或等待中，事件流保持打开并发送心跳注释
    Given 一个内嵌的服务
    And 模型会调用天气工具查询 "Beijing"
    When 客户端创建操作，提示是 "Weather in Beijing?"
    Then 操作应该在等待批准工具调用 "call_weather"
    When 客户端打开操作的事件流
    Then 事件流应该收到至少 2 次心跳，仍然打开
    When 客户端中断操作
    Then 事件流应该在 "interrupted" 之后关闭

  Scenario: 服务端的 --approve all 让操作自己批准工具调用，maxSteps 和费用进入状态
    Given 服务端的批准策略是 --approve all
    And 一个内嵌的服务
    And 模型会调用天气工具查询 "Beijing"
    And 模型会回答 "Sunny."
    When 客户端创建操作 {"prompt":"Weather?","maxSteps":10,"model":"another-model"}
    Then 操作应该是 "done"，共 5 步，最后一条消息是助手回答 "Sunny."
    And 服务的天气工具应该以 toolCallId "call_weather" 被执行一次
    And 模型第 1 次请求的模型应该是 "another-model"
