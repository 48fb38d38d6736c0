@own
Feature: 模型运行时：把 OpenAI 兼容的流式回复变成文本、工具调用和用量
  createOpenAIModelRuntime 通过 openai SDK 请求 chat completions 的流式回复：文本一到就交出，工具调用从分片中拼好后
  交出，服务端报告的用量最后交出。服务端各有各的写法（不带 id 的工具调用、流中途的错误事件），坏掉的流给出一行清楚的
  错误。这里由进程内的脚本化模型（msw）回答，真实的 SDK 和流解析都会运行；脚本化模型本身是
  `synapse-spec/testing` 提供的测试替身，它的约定也写在这里。

  Rule: 流式回复被拼成文本、工具调用和用量

    Scenario: 分片的文本、分片的工具调用和用量按顺序交出，工具调用在用量之前
      Given 模型的回复是 {"content":["Hel","lo"],"toolCalls":[{"id":"call_a","name":"get_time","arguments":["{\"tz\":","\"UTC\"}"]}],"usage":{"prompt_tokens":3,"completion_tokens":4}}
      When 直接用模型运行时问 "what time is it?"
      Then 模型运行时应该依次交出 [{"content":"Hel"},{"content":"lo"},{"tool_calls":[{"id":"call_a","type":"function","function":{"name":"get_time","arguments":"{\"tz\":\"UTC\"}"}}]},{"usage":{"prompt_tokens":3,"completion_tokens":4,"total_tokens":7}}]
      And 模型收到的请求中 stream_options 应该是 {"include_usage":true}

    Scenario: 服务端不给工具调用 id 时，按工具调用的序号补上
      Given 模型的回复是 {"raw":["{\"choices\":[{\"index\":0,\"delta\":{\"tool_calls\":[{\"index\":0,\"type\":\"function\",\"function\":{\"name\":\"get_time\",\"arguments\":\"{}\"}}]},\"finish_reason\":null}]}"]}
      When 直接用模型运行时问 "what time is it?"
      Then 模型运行时应该依次交出 [{"tool_calls":[{"id":"call_0","type":"function","function":{"name":"get_time","arguments":"{}"}}]}]

    Scenario: 不要求用量时，请求里没有 stream_options
      Given 模型的回复是 {"content":"ok"}
      And 模型运行时不要求服务端报告用量
      When 直接用模型运行时问 "hi"
      Then 模型运行时应该依次交出 [{"content":"ok"}]
      And 模型收到的请求中 stream_options 应该是 没有

    Scenario Outline: 只给模型名时从环境变量找到服务；<情形>
      Given 模型的回复是 {"content":"ok"}
      And 模型运行时只给了模型名，环境变量 OPENAI_BASE_URL 指向模型服务，OPENAI_API_KEY 是 "<环境密钥>"
      When 直接用模型运行时问 "hi"
      Then 模型运行时应该依次交出 [{"content":"ok"}]
      And 模型收到的请求应该带着 Authorization "<Authorization>"

      Examples:
        | 情形                                   | 环境密钥    | Authorization      |
        | 密钥来自 OPENAI_API_KEY                | sk-from-env | Bearer sk-from-env |
        | 没有密钥时用占位密钥（本地服务不检查） |             | Bearer not-needed  |

  Rule: 中止和坏掉的流以一行清楚的错误结束

    Scenario: signal 已经中止时以 AbortError 结束，模型没有收到请求
      When 直接用模型运行时问 "hi"，signal 已经中止
      Then 模型运行时应以 AbortError 结束，消息是 "The run was interrupted"
      And 模型应该恰好被请求 0 次

    Scenario Outline: 流中途出现<事件>时以 ModelError 结束
      Given 模型（进程内的 fetch，不经 msw）的回复是 <回复>
      When 直接用模型运行时问 "hi"
      Then 模型运行时应以 ModelError 结束，消息是 "<消息>"

      Examples:
        | 事件                       | 回复                                                                 | 消息                                                                                   |
        | 一个是 JSON 但不是块的事件 | {"content":"Hel","raw":["null"]}                                     | the model's reply could not be read (Cannot read properties of null (reading 'choices')) |
        | 服务端的错误事件           | {"content":"Hel","raw":["{\"error\":{\"message\":\"overloaded, try later\"}}"]} | overloaded, try later                                                                  |

  Rule: 脚本化模型按脚本回答，脚本之外的请求得到说明问题的 HTTP 错误

    Scenario: 带 when 的回复只给提到它的对话；没有用户消息的请求拿到不带 when 的回复
      Given 模型的回复是 {"when":"weather","content":"sunny"}
      And 模型的回复是 {"content":"terse"}
      When 直接用模型运行时发出一个只有系统消息的请求
      And 直接用模型运行时问 "weather in Paris?"
      Then 模型运行时应该依次交出 [{"content":"terse"},{"content":"sunny"}]

    Scenario: 脚本用完后的请求得到 HTTP 500，说明是第几个请求
      When 直接用模型运行时问 "hi"
      Then 模型运行时应以 ModelError 结束，消息是 "500 Scripted model has no reply left for request 1"

    Scenario: 脚本化模型的 fetch 只回答 chat completions，其它端点是 404
      When 用脚本化模型的 fetch 请求 "http://fixture.local/v1/models"
      Then 回答的状态应该是 404，错误消息是 "Not found: http://fixture.local/v1/models"
