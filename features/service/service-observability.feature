@own @service
Feature: 看得见服务在做什么：操作列表、健康检查、每个请求和每一步一条日志
  GET /v1/operations 按创建的先后列出保留着的操作（最新的在前），可以按状态过滤，用 limit 和 nextCursor 翻页；
  状态变了，它就出现在新状态的列表里。GET /healthz 不要令牌，只说存储能不能用。
  每个请求（方法、路径、状态、耗时、被拒绝的原因）和每一步（操作、第几步、之后的状态、应用的决定）各写一条日志记录，
  从不写令牌、请求体或对话。

  Scenario Outline: 最新的在前，按状态过滤，用 nextCursor 翻页；中断后操作换到新状态的列表（<后端>）
    Given 一个<后端>的服务
    And 模型会回答 "One."
    And 模型会调用天气工具查询 "Beijing"
    And 模型会回答 "Three."
    When 客户端创建操作，提示是 "first"
    Then 操作应该是 "done"
    When 把手上的操作记为 "一"
    And 客户端创建操作，提示是 "second"
    Then 操作应该在等待批准工具调用 "call_weather"
    When 把手上的操作记为 "二"
    And 客户端创建操作，提示是 "third"
    Then 操作应该是 "done"
    When 把手上的操作记为 "三"
    Then 操作列表 "/v1/operations" 应该依次是 "三 done 2, 二 waiting_for_human_input 2, 一 done 2"
    And 操作列表 "/v1/operations?status=done" 应该依次是 "三 done 2, 一 done 2"
    And 操作列表 "/v1/operations?status=interrupted" 应该依次是 ""
    And 每页 2 个翻看 "/v1/operations"，各页应该依次是 "三, 二 | 一"
    And 每页 1 个翻看 "/v1/operations?status=done"，各页应该依次是 "三 | 一"
    When 回到操作 "二"
    And 客户端中断操作
    Then 操作应该是 "interrupted"
    And 操作列表 "/v1/operations?status=waiting_for_human_input" 应该依次是 ""
    And 操作列表 "/v1/operations?status=interrupted" 应该依次是 "二 interrupted 2"

    Examples:
      | 后端  |
      | 内嵌  |
      | Redis |

  Scenario Outline: 每个请求和每一步各一条日志记录，不含令牌、提示或回答（<后端>）
    Given 一个<后端>的服务
    And 模型会调用天气工具查询 "Beijing"
    And 模型会回答 "Sunny in Beijing."
    When 客户端创建操作，提示是 "Weather in Beijing?"
    Then 操作应该在等待批准工具调用 "call_weather"
    When 客户端不带令牌发送 POST "/v1/operations/:id/approve"，请求体是 '{"toolCallId":"call_weather"}'
    And 客户端批准工具调用 "call_weather"
    Then 操作应该是 "done"，共 5 步，最后一条消息是助手回答 "Sunny in Beijing."
    And 日志里 POST 请求的记录应该依次是 "POST /v1/operations 201, POST /v1/operations/:id/approve 401, POST /v1/operations/:id/approve 202"
    And 状态 401 的请求记录应该说明原因 "missing or wrong bearer token"
    And 日志里操作的 step 记录应该从第 0 步起连续，最后一条的状态是 "done"，其中一条应用了 "approve" 决定
    And 日志里不应该出现令牌、提示或模型的回答

    Examples:
      | 后端  |
      | 内嵌  |
      | Redis |
