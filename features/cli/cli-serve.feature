@own @cli @service
Feature: synapse serve 和 synapse worker：一个进程就能用，坏输入是一行错误
  不带 --redis-url 时一个 serve 进程做所有事（内嵌）；--fixture 按操作重放脚本模型，不需要网络和密钥。
  SIGTERM 结束服务，正在运行的步骤先完成。

  Scenario: 一个进程的服务：创建操作、批准、完成；要求令牌；完成的操作在 --retention 之后被删除；SIGTERM 后退出
    When CLI 启动 synapse "serve --port 0 --token tok-123 --retention 5s --fixture fixtures/runtime-weather.json"
    And 客户端以令牌 "tok-123" 连接 CLI 启动的服务
    And 客户端创建操作，提示是 "Weather in Paris?"
    Then 操作应该在等待批准工具调用 "call_weather_1"
    When 客户端批准工具调用 "call_weather_1"
    Then 操作应该是 "done"，共 5 步，最后一条消息是助手回答 "It is 14°C and windy in Paris right now (demo data)."
    And 保留期过后，GET 操作应该回答 404，错误消息包含 "ended and was removed after the retention period"
    When CLI 服务收到 SIGTERM
    Then CLI 退出码应该是 143
    And CLI 进程应该在 5 秒内结束
    And CLI 标准错误应该包含 "synapse serve: listening on http://127.0.0.1:"
    And CLI 标准错误应该包含 "(embedded, 1 worker, bearer token required)"

  Scenario Outline: <情形>：退出码 2，一行错误
    When CLI 运行 synapse "<命令>"
    Then CLI 退出码应该是 2
    And CLI 标准错误应该只有一行且包含 "<错误>"

    Examples:
      | 情形                      | 命令                                             | 错误                                                      |
      | 没有 Redis 却不要 worker  | serve --no-workers                               | --no-workers needs --redis-url                            |
      | 不是 Redis 的 URL         | serve --redis-url http://127.0.0.1:6379          | --redis-url http://127.0.0.1:6379: expected redis:// or rediss:// |
      | 连不上的 Redis            | serve --redis-url redis://127.0.0.1:1 --fixture fixtures/runtime-weather.json | cannot reach Redis at 127.0.0.1:1 |
      | worker 没有 Redis         | worker                                           | a worker takes its steps from Redis: pass --redis-url     |
      | 0 个 worker               | serve --workers 0                                | --workers must be a whole number >= 1                     |
      | 坏的端口                  | serve --port abc                                 | --port must be a whole number >= 0                        |
      | 坏的并发数                | worker --redis-url redis://127.0.0.1:1 --concurrency x | --concurrency must be a whole number >= 1 |
      | 没有单位的保留期          | serve --retention 7                              | --retention must be a duration above 0: a whole number and a unit ms, s, m, h or d, such as 7d |
      | 为 0 的保留期             | worker --redis-url redis://127.0.0.1:1 --retention 0d | --retention must be a duration above 0                |
