@own @service
Feature: 服务的坏输入：清楚的错误，从不带堆栈
  每个错误都是 {"error": {"message", "field"?}}：坏的请求体 400（指出字段），未知的操作或路由 404，
  不在等待这个决定的操作 409，缺少或错误的令牌 401。

  Scenario Outline: <请求> 得到 <状态>，错误指出 <字段>
    Given 一个内嵌的服务
    And 模型会调用天气工具查询 "Beijing"
    When 客户端创建操作，提示是 "Weather?"
    Then 操作应该在等待批准工具调用 "call_weather"
    When 客户端发送 <方法> "<路径>"，请求体是 '<请求体>'
    Then 响应状态应该是 <状态>，错误消息包含 "<消息>"，字段是 "<字段>"

    Examples:
      | 请求           | 方法 | 路径                             | 请求体                          | 状态 | 消息                                          | 字段          |
      | 提示不是字符串 | POST | /v1/operations                   | {"prompt":5}                    | 400  | prompt: Invalid input: expected string        | prompt        |
      | 没有提示       | POST | /v1/operations                   | {}                              | 400  | prompt: expected a prompt or messages         | prompt        |
      | 多余的字段     | POST | /v1/operations                   | {"prompt":"x","temperature":1}  | 400  | temperature: unknown field                    | temperature   |
      | 坏的 maxSteps  | POST | /v1/operations                   | {"prompt":"x","maxSteps":0}     | 400  | maxSteps: Too small                           | maxSteps      |
      | 不是 JSON      | POST | /v1/operations                   | {prompt                         | 400  | body: not valid JSON                          |               |
      | 空的工具调用 id | POST | /v1/operations/:id/approve       | {"toolCallId":""}               | 400  | toolCallId: expected a non-empty tool call id | toolCallId    |
      | 回答两样都给   | POST | /v1/operations/:id/answer        | {"text":"a","value":"b"}        | 400  | text: expected exactly one of text or value   | text          |
      | 坏的 after     | GET  | /v1/operations/:id/events?after=x |                                | 400  | after: expected a whole number >= 0           | after         |
      | 未知的操作     | GET  | /v1/operations/op_nope           |                                 | 404  | no operation op_nope                          |               |
      | 列表的坏状态   | GET  | /v1/operations?status=finished   |                                 | 400  | status: expected one of idle, running, waiting_for_human_input, done, error, interrupted | status |
      | 列表的 limit 0 | GET  | /v1/operations?limit=0           |                                 | 400  | limit: expected at least 1                    | limit         |
      | 太大的 limit   | GET  | /v1/operations?limit=101         |                                 | 400  | limit: expected at most 100                   | limit         |
      | 不是数的 limit | GET  | /v1/operations?limit=ten         |                                 | 400  | limit: expected a whole number                | limit         |
      | 编造的游标     | GET  | /v1/operations?cursor=abc        |                                 | 400  | cursor: not a cursor this service gave out    | cursor        |
      | 列表的未知参数 | GET  | /v1/operations?offset=3          |                                 | 400  | offset: unknown query parameter               | offset        |
      | 重复的参数     | GET  | /v1/operations?status=done&status=error |                          | 400  | status: given more than once                  | status        |
      | 未知操作的批准 | POST | /v1/operations/op_nope/approve   | {"toolCallId":"c"}              | 404  | no operation op_nope                          |               |
      | 未知的路由     | GET  | /v2/things                       |                                 | 404  | no route GET /v2/things                       |               |
      | 方法不对       | GET  | /v1/operations/:id/approve       |                                 | 404  | no route GET /v1/operations/                  |               |
      | 批准别的调用   | POST | /v1/operations/:id/approve       | {"toolCallId":"call_other"}     | 409  | not waiting for a decision on tool call call_other | |
      | 等批准时回答   | POST | /v1/operations/:id/answer        | {"text":"hi"}                   | 409  | is waiting for approval of call_weather, not waiting for a text answer | |
      | 等批准时选择   | POST | /v1/operations/:id/answer        | {"value":"x"}                   | 409  | not waiting for a choice                      |               |
      | 没中断就恢复   | POST | /v1/operations/:id/resume        | {}                              | 409  | not interrupted                               |               |

  Scenario: 完成的操作不能再批准或中断（409）
    Given 一个内嵌的服务
    And 模型会回答 "Hi."
    When 客户端创建操作，提示是 "Hello"
    Then 操作应该是 "done"
    When 客户端发送 POST "/v1/operations/:id/interrupt"，请求体是 '{}'
    Then 响应状态应该是 409，错误消息包含 "is done: nothing to interrupt"，字段是 ""
    When 客户端发送 POST "/v1/operations/:id/approve"，请求体是 '{"toolCallId":"c"}'
    Then 响应状态应该是 409，错误消息包含 "is done, not waiting for a decision on tool call c"，字段是 ""

  Scenario: 选择一个不存在的选项是坏输入（400）
    Given 一个内嵌的服务
    And 模型会让用户从 "red, blue" 中选一个
    When 客户端创建操作，提示是 "Pick"
    Then 操作应该在等待选择 "Pick a colour"
    When 客户端发送 POST "/v1/operations/:id/answer"，请求体是 '{"value":["green"]}'
    Then 响应状态应该是 400，错误消息包含 "unknown option green (expected one of red, blue)"，字段是 "value"
    When 客户端发送 POST "/v1/operations/:id/answer"，请求体是 '{"value":["red","blue"]}'
    Then 响应状态应该是 400，错误消息包含 "exactly one option must be chosen"，字段是 "value"
    When 客户端中断操作
    Then 操作应该是 "interrupted"

  Scenario Outline: 要求令牌时，<情形> 得到 401，正确的令牌才能创建操作
    Given 一个要求令牌 "s3cret-token" 的内嵌服务
    And 模型会回答 "Hi."
    When 客户端带着 <授权头> 发送 POST "/v1/operations"，请求体是 '{"prompt":"hi"}'
    Then 响应状态应该是 401，错误消息包含 "missing or wrong bearer token"，字段是 ""
    When 客户端创建操作，提示是 "hi"
    Then 操作应该是 "done"

    Examples:
      | 情形       | 授权头                          |
      | 没有令牌   | 空的授权头                      |
      | 错误的令牌 | 授权头 "Bearer s3cret-tokeN"    |
      | 更长的令牌 | 授权头 "Bearer s3cret-token-and-more" |
      | 不是 Bearer | 授权头 "Basic s3cret-token"    |
