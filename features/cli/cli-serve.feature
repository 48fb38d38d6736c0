@own @cli @service
Feature: synapse serve 和 synapse worker：一个进程就能用，默认要令牌，坏输入是一行错误
  不带 --redis-url 时一个 serve 进程做所有事（内嵌）；--fixture 按操作重放脚本模型，不需要网络和密钥。
  不给令牌时 serve 第一次启动生成一个，打印一次（标准错误，附带 curl 的用法），以 0600 存进 ~/.synapse/service-token，
  以后启动沿用它；--no-auth 只能和回环的 --host 一起用。标准错误上每个请求和每一步一行 JSON 日志（--log-level silent 关掉）。
  SIGTERM 结束服务，正在运行的步骤先完成。

  Scenario: 开箱即用：令牌生成、保存（0600）并打印一次；带令牌能用，不带 401；外站网页的 text/plain POST 在任何工作之前被拒绝；重启后沿用同一个令牌
    When CLI 启动 synapse "serve --port 0 --fixture fixtures/runtime-weather.json"
    And 客户端用 CLI 打印的令牌连接 CLI 启动的服务
    Then CLI 打印的令牌应该保存在 HOME 的 ".synapse/service-token"，只有用户自己能读写
    When 客户端不带令牌发送 GET "/v1/operations"
    Then 响应状态应该是 401，错误消息包含 "missing or wrong bearer token"，字段是 ""
    When 客户端带着请求头 {"content-type":"text/plain","origin":"http://evil.example"} 发送 POST "/v1/operations"，请求体是 '{"prompt":"Weather in Paris?"}'
    Then 响应状态应该是 403，错误消息包含 "Origin http://evil.example is not allowed"，字段是 ""
    And 操作列表 "/v1/operations" 应该依次是 ""
    When 客户端创建操作，提示是 "Weather in Paris?"
    Then 操作应该在等待批准工具调用 "call_weather_1"
    When 客户端批准工具调用 "call_weather_1"
    Then 操作应该是 "done"，共 5 步，最后一条消息是助手回答 "It is 14°C and windy in Paris right now (demo data)."
    When CLI 服务收到 SIGTERM
    Then CLI 退出码应该是 143
    And CLI 标准错误应该包含 "(embedded, 1 worker, bearer token required)"
    And CLI 标准错误应该包含 "Send it with every request: curl -H \"Authorization: Bearer "
    And CLI 标准错误的 JSON 日志里 POST 请求应该依次是 "POST /v1/operations 403, POST /v1/operations 201, POST /v1/operations/:id/approve 202"，最后一条 step 记录的状态是 "done"，没有一行含令牌
    When CLI 启动 synapse "serve --port 0 --fixture fixtures/runtime-weather.json"
    And 客户端用 HOME 里保存的令牌连接 CLI 启动的服务
    Then 操作列表 "/v1/operations" 应该依次是 ""
    When CLI 服务收到 SIGTERM
    Then CLI 标准错误应该包含 "requests need the bearer token in"
    And CLI 标准错误不应该包含令牌

  Scenario: --no-auth 在回环地址上：一行警告，不带令牌也能用；--log-level silent 没有日志行
    When CLI 启动 synapse "serve --port 0 --host 127.0.0.1 --no-auth --log-level silent --fixture fixtures/runtime-weather.json"
    And 客户端不带令牌连接 CLI 启动的服务
    And 客户端创建操作，提示是 "Weather in Paris?"
    Then 操作应该在等待批准工具调用 "call_weather_1"
    When CLI 服务收到 SIGTERM
    Then CLI 退出码应该是 143
    And CLI 标准错误应该包含 "(embedded, 1 worker, no token: connections from this machine only)"
    And CLI 标准错误应该包含 "warning: --no-auth: any program or user on this machine can run the service's tools"
    And CLI 标准错误里不应该有 JSON 日志行

  Scenario: 别的用户也能读的令牌文件不被使用：退出码 2，一行说明怎么办
    Given CLI 的 HOME 里有一个别的用户也能读的令牌文件
    When CLI 运行 synapse "serve --port 0 --fixture fixtures/runtime-weather.json"
    Then CLI 退出码应该是 2
    And CLI 标准错误应该只有一行且包含 "service-token can be read by other users (mode 644): chmod 600 it, or delete it to have a new token generated"

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
      | 不在回环地址上的 --no-auth | serve --no-auth --host 0.0.0.0                  | --no-auth needs --host 127.0.0.1 (or another loopback address): without a token, anyone who can reach 0.0.0.0 could run the service's tools |
      | --no-auth 又给了令牌      | serve --no-auth --token abc                      | --no-auth and a token (--token or SYNAPSE_SERVICE_TOKEN) contradict each other |
      | 空的令牌                  | serve --token ''                                 | --token: expected a token of visible ASCII characters without spaces |
      | 来源写成 *                | serve --allow-origin '*'                         | --allow-origin *: expected an origin such as http://localhost:3000 |
      | 带路径的来源              | serve --allow-origin http://localhost:3000/app   | --allow-origin http://localhost:3000/app: expected an origin |
      | 带端口的主机名            | serve --allow-host proxy.internal:8080           | --allow-host proxy.internal:8080: expected a host name    |
      | 坏的日志级别              | serve --log-level loud                           | --log-level                                               |
