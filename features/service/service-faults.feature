@own @service
Feature: 服务在故障中不丢不重：worker 被杀、Redis 重启、保存失败
  一步在提交之前失败，它就像没发生过：任务被重新执行，事件日志不缺不重；一个工具的结果一旦保存，
  重新执行的这一步直接用保存的结果，工具不会再运行。worker 被 SIGKILL 时，BullMQ 的停滞任务检查把它的
  步骤交给另一个 worker。Redis 停止时 API 给出清楚的 503，重启（AOF 开启）后操作继续。

  Scenario: 工具结果已保存、这一步提交失败：重试时工具不再运行，用的是保存的结果
    Given 服务端的批准策略是 --approve all
    And 一个内嵌的服务，它的存储在提交第一个带工具结果的步骤时会失败一次
    And 模型会调用天气工具查询 "Beijing"
    And 模型会回答 "Sunny."
    When 客户端创建操作 {"prompt":"Weather?"}
    Then 操作应该是 "done"，共 5 步，最后一条消息是助手回答 "Sunny."
    And 存储的提交应该失败过 1 次
    And 服务的天气工具应该以 toolCallId "call_weather" 被执行一次
    When 客户端打开操作的事件流
    Then 事件流应该在 "done" 之后关闭，事件依次是 "llm_start, llm_result, human_approve_required, tool_pending, tool_result, llm_start, llm_result, done"
    And 事件流的 id 应该从 1 起连续递增

  Scenario Outline: 比锁的有效期还长的一步：锁在步骤进行中被续期，这一步只执行一次（<后端>）
    Given 一个<后端>的服务
    And 模型要 2000 毫秒后才回答 "Slow but sure."
    When 客户端创建操作，提示是 "Take your time"
    Then 操作应该是 "done"，共 2 步，最后一条消息是助手回答 "Slow but sure."
    And 模型应该恰好被请求 1 次

    Examples:
      | 后端  |
      | 内嵌  |
      | Redis |

  Scenario Outline: 已保存的步骤的任务迟到（重试或重复）时什么都不做：状态和事件日志不变（<后端>）
    Given 一个<后端>的服务
    And 模型会回答 "Hi."
    When 客户端创建操作，提示是 "Hello"
    Then 操作应该是 "done"，共 2 步，最后一条消息是助手回答 "Hi."
    When 第 0 步和第 1 步的任务又被放进队列，并且都已执行完
    Then 操作应该是 "done"，共 2 步，最后一条消息是助手回答 "Hi."
    When 客户端打开操作的事件流
    Then 事件流应该在 "done" 之后关闭，事件依次是 "llm_start, llm_result, done"

    Examples:
      | 后端  |
      | 内嵌  |
      | Redis |

  Scenario: Redis 停止时 API 回答 503 并说明原因，/healthz 也说不可用；重启（AOF）后操作还在，批准后完成
    Given 一个用自己的 redis-server（开启 AOF）的服务
    And 模型会调用天气工具查询 "Beijing"
    And 模型会回答 "Sunny."
    When 客户端创建操作，提示是 "Weather?"
    Then 操作应该在等待批准工具调用 "call_weather"
    When redis-server 停止
    And 客户端发送 GET "/v1/operations/:id"，请求体是 ''
    Then 响应状态应该是 503，错误消息包含 "the operation store is unavailable: Redis at 127.0.0.1"，字段是 ""
    When 客户端发送 POST "/v1/operations/:id/approve"，请求体是 '{"toolCallId":"call_weather"}'
    Then 响应状态应该是 503，错误消息包含 "the operation store is unavailable"，字段是 ""
    When 客户端不带令牌发送 GET "/healthz"
    Then 响应状态应该是 503，响应体正好是 {"status":"unavailable"}
    When redis-server 在同一个端口和目录重新启动
    Then 操作应该在等待批准工具调用 "call_weather"
    When 客户端不带令牌发送 GET "/healthz"
    Then 响应状态应该是 200，响应体正好是 {"status":"ok"}
    When 客户端批准工具调用 "call_weather"
    Then 操作应该是 "done"，共 5 步，最后一条消息是助手回答 "Sunny."

  @cli
  Scenario: 模型回答时 worker 被 SIGKILL：另一个 worker 进程接手这一步，事件不缺不重，工具只运行一次
    Given 服务端的批准策略是 --approve all
    And 一个只有 API 的服务，用自己的 redis-server
    And worker 的工具模块记录每次调用，worker 的模型脚本先调用工具 "note"，再过 800 毫秒才回答 "Noted."
    And 启动 worker 进程 "A"
    When 客户端创建操作 {"prompt":"Note it"}
    And 工具运行过并且它的结果已经记入事件日志后，worker "A" 被 SIGKILL
    And 启动 worker 进程 "B"
    Then 操作应该是 "done"，共 5 步，最后一条消息是助手回答 "Noted."
    And 工具 "note" 应该只被 worker "A" 运行过一次
    When 客户端打开操作的事件流
    Then 事件流应该在 "done" 之后关闭，事件依次是 "llm_start, llm_result, human_approve_required, tool_pending, tool_result, llm_start, llm_result, done"
    And 事件流的 id 应该从 1 起连续递增

  @cli
  Scenario: 工具运行时 worker 被 SIGKILL：另一个 worker 再运行这一步，工具两次收到同一个 toolCallId（幂等键）
    Given 服务端的批准策略是 --approve all
    And 一个只有 API 的服务，用自己的 redis-server
    And worker 的工具模块记录每次调用，工具要 1500 毫秒才返回，worker 的模型脚本先调用工具 "note"，再回答 "Noted."
    And 启动 worker 进程 "A"
    When 客户端创建操作 {"prompt":"Note it"}
    And 工具开始运行后，worker "A" 被 SIGKILL
    And 启动 worker 进程 "B"
    Then 操作应该是 "done"，共 5 步，最后一条消息是助手回答 "Noted."
    And 工具 "note" 应该先后被 worker "A" 和 "B" 以同一个 toolCallId 调用
    When 客户端打开操作的事件流
    Then 事件流应该在 "done" 之后关闭，事件依次是 "llm_start, llm_result, human_approve_required, tool_pending, tool_result, llm_start, llm_result, done"
    And 事件流的 id 应该从 1 起连续递增
