@own @service
Feature: 结束的操作在保留期过后被删除；放不进队列的操作不会被留下
  完成、失败或被中断（结束）的操作，连同它的事件日志和保存的工具结果，在保留期（--retention，默认 7 天）过后被删除。
  Redis 里，保存结束状态的同一个事务给操作的每个键设置过期时间，不需要清理进程；内嵌的存储在每次访问时删掉到期的操作。
  运行中或等待人的操作永远不过期。被删除的操作，GET 和事件流回答 404 并说明原因。
  创建操作时第一步放不进队列（Redis 在操作保存之后不可用）：请求回答 503，操作被删除；连删除也失败时，
  它在保留期过后自己过期（第一步保存之前，新操作像结束的操作一样会过期）。

  Scenario Outline: 结束的操作在保留期过后连同事件和工具结果一起被删除，GET 和事件流回答 404；等待人的操作不过期（<后端>）
    Given 一个<后端>的服务，结束的操作保留 5000 毫秒
    And 模型会调用天气工具查询 "Beijing"
    And 模型会调用天气工具查询 "Paris"
    And 模型会回答 "Sunny."
    When 客户端创建操作，提示是 "Weather in Beijing?"
    Then 操作应该在等待批准工具调用 "call_weather"
    When 把手上的操作记为 "等待中"
    And 客户端创建操作，提示是 "Weather in Paris?"
    Then 操作应该在等待批准工具调用 "call_weather"
    When 客户端批准工具调用 "call_weather"
    Then 操作应该是 "done"，共 5 步，最后一条消息是助手回答 "Sunny."
    And 保留期过后，GET 操作应该回答 404，错误消息包含 "ended and was removed after the retention period"
    And 存储里不应该再有这个操作的状态、事件或工具结果
    When 客户端发送 GET "/v1/operations/:id/events"，请求体是 ''
    Then 响应状态应该是 404，错误消息包含 "no operation"，字段是 ""
    When 回到操作 "等待中"
    Then 操作应该在等待批准工具调用 "call_weather"

    Examples:
      | 后端  |
      | 内嵌  |
      | Redis |

  Scenario: Redis：结束（完成或中断）时每个键都设置了过期时间；等待人或有待应用的恢复时没有
    Given 一个Redis的服务，结束的操作保留 3600000 毫秒
    And 模型会调用天气工具查询 "Beijing"
    And 模型会回答 "Sunny."
    When 客户端创建操作，提示是 "Weather in Beijing?"
    Then 操作应该在等待批准工具调用 "call_weather"
    And 操作在 Redis 里的键应该是 "op, events"，都没有过期时间
    When 客户端中断操作
    Then 操作应该是 "interrupted"
    And 操作在 Redis 里的键应该是 "op, events"，都在 3600 秒内过期
    When 存储收到恢复操作的决定（还没有任务应用它）
    Then 操作在 Redis 里的键应该是 "op, events"，都没有过期时间
    When 应用这个决定的任务被放进队列
    Then 操作应该在等待批准工具调用 "call_weather"
    When 客户端批准工具调用 "call_weather"
    Then 操作应该是 "done"，共 5 步，最后一条消息是助手回答 "Sunny."
    And 操作在 Redis 里的键应该是 "op, events, tools"，都在 3600 秒内过期

  Scenario Outline: 第一步放不进队列：创建请求回答 503 并说明原因，操作被删除，什么都不留下（<后端>）
    Given 一个<后端>的服务，结束的操作保留 3600000 毫秒，它的队列放不进任务
    When 客户端发送 POST "/v1/operations"，请求体是 '{"prompt":"Hello"}'
    Then 响应状态应该是 503，错误消息包含 "the operation could not be queued, so it was not created (try again): Connection is closed."，字段是 ""
    And 存储里不应该留下队列拒绝过的操作

    Examples:
      | 后端  |
      | 内嵌  |
      | Redis |

  Scenario Outline: 第一步放不进队列、删除也失败：留下的操作在保留期过后自己过期（<后端>）
    Given 一个<后端>的服务，结束的操作保留 1000 毫秒，它的队列放不进任务，存储也删不掉操作
    When 客户端发送 POST "/v1/operations"，请求体是 '{"prompt":"Hello"}'
    Then 响应状态应该是 503，错误消息包含 "the operation could not be queued"，字段是 ""
    And 队列拒绝过的操作应该在保留期过后自己消失

    Examples:
      | 后端  |
      | 内嵌  |
      | Redis |
