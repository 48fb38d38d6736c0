@own
Feature: 超出窗口：请求前先卸载与压缩，服务器拒绝时恢复一次
  文档规定了卸载与压缩的触发条件，没有规定请求真的超出窗口时怎么办。这里的规定：每个请求（包括写摘要的请求）
  都在窗口之内；服务器仍以 400 context_length_exceeded（或其它 OpenAI 兼容服务器的同义报错）拒绝时，
  压缩一次、重试一次，从此按报错里说的窗口计算；被拒的请求绝不原样重发，压缩也救不了时报告原来的错误，历史不变。

  Rule: 每个请求都在窗口之内

    Scenario: 一个读了很多大文件、话也很多的长运行在 3000 token 的窗口里跑完
      Given Runner 的上下文窗口为 3000 token
      And 模型依次用 Bash 读 8 个各约 250 词的日志，每次先说约 120 词，然后回答 "八个日志都读完了"
      And 写摘要的请求总是得到摘要 "已读过前面的日志，没有发现错误。"
      When 执行一次运行
      Then 运行应以 "八个日志都读完了" 结束
      And 模型收到的每个请求都不超过 3000 个 token
      And Runner 应报告过卸载与压缩，压缩后的 token 数都比压缩前少
      And 会话的完整记录应包含全部 8 个日志的原文

    Scenario: 最新的一个工具结果就比窗口大：连它也卸载（模型可以分页读回），请求仍在窗口之内
      Given Runner 的上下文窗口为 3000 token
      And 模型依次用 Bash 读 1 个各约 3000 词的日志，每次先说约 10 词，然后回答 "日志太长，我分页读"
      When 执行一次运行
      Then 运行应以 "日志太长，我分页读" 结束
      And 模型收到的每个请求都不超过 3000 个 token
      And 模型最后收到的工具结果应是一个卸载引用，文件里是完整的日志

    Scenario: 一条比窗口还大的输入：请求不发出，运行以说明原因的错误失败，会话保持原样
      Given Runner 的上下文窗口为 3000 token
      When 以一条约 4000 词的输入执行一次运行
      Then 运行应以包含 "the conversation needs" 与 "but the context window is 3000 tokens" 的错误失败
      And 模型不应收到任何请求
      And 会话目录中不应有任何会话

  Rule: 服务器以窗口为由拒绝时，压缩一次、重试一次

    Scenario: 400 context_length_exceeded：压缩后重试，重试的请求比被拒的小，之后按报出的窗口计算
      Given 会话里已有一段读过 10 个各约 300 词日志的对话
      And 模型会以 HTTP 400 "This model's maximum context length is 3000 tokens. However, your messages resulted in 5210 tokens. Please reduce the length of the messages." 拒绝下一个请求，错误码 "context_length_exceeded"
      And 写摘要的请求会得到摘要 "读过 10 个日志，都正常。"
      And 模型会回复 "都正常。"
      When 执行一次运行
      Then 运行应以 "都正常。" 结束
      And 模型应依次收到对话请求、摘要请求、对话请求
      And 重试的请求应比被拒的请求小，且不超过 3000 个 token
      And Runner 应报告一次原因为 "overflow" 的压缩
      And Runner 的上下文窗口应为 3000 个 token

    Scenario Outline: 其它 OpenAI 兼容服务器说超出窗口的话也被认出
      Given 会话里已有一段读过 10 个各约 300 词日志的对话
      And 模型会以 HTTP <状态> "<报错>" 拒绝下一个请求
      And 写摘要的请求会得到摘要 "读过 10 个日志。"
      And 模型会回复 "好的。"
      When 执行一次运行
      Then 运行应以 "好的。" 结束
      And Runner 应报告一次原因为 "overflow" 的压缩

      Examples:
        | 服务器    | 状态 | 报错                                                                                                                                                                                            |
        | vLLM      | 400  | This model's maximum context length is 8192 tokens. However, you requested 9000 tokens (8000 in the messages, 1000 in the completion). Please reduce the length of the messages or completion. |
        | llama.cpp | 400  | the request exceeds the available context size, try increasing it                                                                                                                              |
        | Ollama    | 400  | prompt too long; exceeded max context length by 1024 tokens                                                                                                                                     |
        | LM Studio | 400  | Trying to keep the first 5000 tokens when context the overflows. However, the model is loaded with context length of only 4096 tokens, which is not enough.                                     |
        | 网关      | 413  | Request too large: input is too long for this model                                                                                                                                             |

    Scenario Outline: 限流、服务器错误和别的 400 不是超出窗口：原样报告，不压缩，不重试
      Given 会话里已有一段读过 10 个各约 300 词日志的对话
      And 模型会以 HTTP <状态> "<报错>" 拒绝下一个请求
      When 执行一次运行
      Then 运行应以包含 "<报错>" 的错误失败
      And 模型应依次收到对话请求

      Examples:
        | 情形      | 状态 | 报错                                                                                 |
        | 限流      | 429  | Request too large for gpt-4o on tokens per min (TPM): Limit 30000, Requested 45000. |
        | 服务器    | 500  | internal error: context length exceeded while batching                               |
        | 无关的400 | 400  | Invalid value for 'temperature': must be between 0 and 2                             |

    Scenario: 压缩救不了（写摘要一直失败）：报告原来的错误，被拒的请求不重发，历史不变
      Given 会话里已有一段读过 10 个各约 300 词日志的对话
      And 模型会以 HTTP 400 "This model's maximum context length is 3000 tokens." 拒绝下一个请求
      And 写摘要的请求都以 HTTP 503 "summary model unavailable" 失败
      When 执行一次运行
      Then 运行应以包含 "400 This model's maximum context length is 3000 tokens." 的错误失败
      And 模型应依次收到对话请求、摘要请求、摘要请求、摘要请求
      And 会话的历史应与运行前相同

    Scenario: 等着重试写摘要时中止运行：立即以 AbortError 结束，历史不变
      Given 会话里已有一段读过 10 个各约 300 词日志的对话
      And 写摘要的请求失败后要等 60 秒再试
      And 模型会以 HTTP 400 "This model's maximum context length is 3000 tokens." 拒绝下一个请求
      And 写摘要的请求会以 HTTP 503 "summary model unavailable" 失败一次
      When 执行一次运行，在第一次写摘要失败后中止它
      Then 运行应以 AbortError 拒绝
      And 会话的历史应与运行前相同

    Scenario: 重试的请求又被拒：只恢复一次，报告第二次的拒绝
      Given 会话里已有一段读过 10 个各约 300 词日志的对话
      And 模型会以 HTTP 400 "This model's maximum context length is 3000 tokens." 拒绝下一个请求
      And 写摘要的请求会得到摘要 "读过 10 个日志。"
      And 模型会以 HTTP 400 "This model's maximum context length is 1000 tokens." 拒绝下一个请求
      When 执行一次运行
      Then 运行应以包含 "maximum context length is 1000 tokens" 的错误失败
      And 模型应依次收到对话请求、摘要请求、对话请求

  Rule: 子代理的长对话同样被管理

    Scenario: 子代理在同一个窗口里读大文件，它的请求也都不超过窗口
      Given Runner 的上下文窗口为 3000 token
      And 子代理收到 "read the logs" 后依次用 Bash 读 6 个各约 400 词的日志，然后回复 "子代理读完了"
      And 写摘要的请求总是得到摘要 "子代理已读过前面的日志。"
      And 模型先派出子代理 "read the logs"，然后回复 "主代理也完成了"
      When 执行一次运行
      Then 运行应以 "主代理也完成了" 结束
      And 模型收到的每个请求都不超过 3000 个 token
      And 子代理的卸载目录在任务结束后应已删除
