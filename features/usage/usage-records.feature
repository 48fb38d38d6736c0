@own
Feature: 用量记录：服务器报告的形状、会话文件的新旧格式、只在内存里截断
  服务器各有各的用量字段：OpenAI 的 prompt_tokens_details.cached_tokens，Anthropic 风格的
  cache_read_input_tokens / cache_creation_input_tokens（有的兼容服务器原样转发），DeepSeek 的 prompt_cache_hit_tokens。
  我们统一成 prompt_tokens（全部输入，含缓存）加上可选的 cache_read_tokens、cache_write_tokens。
  会话的 usage.jsonl 保留每一轮；内存里只保留最近 SYNAPSE_MAX_ROUNDS_KEPT 轮，合计（总的与按模型的）始终是全部轮次的和。
  旧版本写下的 usage.jsonl 与 index.json 仍然能读。

  Scenario Outline: 流式回复最后的用量块被统一成我们的形状
    Given 模型回复 "好"，最后的用量块是 '<服务器报告>'
    When 通过模型运行时读完这个回复
    Then 运行时给出的用量应该是 '<我们记下>'

    Examples:
      | 说明                             | 服务器报告                                                                                      | 我们记下                                                                                                 |
      | 没有缓存                         | {"prompt_tokens": 12, "completion_tokens": 3, "total_tokens": 15}                               | {"prompt_tokens": 12, "completion_tokens": 3, "total_tokens": 15}                                        |
      | OpenAI：缓存计在 prompt_tokens 里 | {"prompt_tokens": 1200, "completion_tokens": 8, "total_tokens": 1208, "prompt_tokens_details": {"cached_tokens": 1024}} | {"prompt_tokens": 1200, "completion_tokens": 8, "total_tokens": 1208, "cache_read_tokens": 1024} |
      | Anthropic 字段，计在里面         | {"prompt_tokens": 900, "completion_tokens": 5, "total_tokens": 905, "cache_read_input_tokens": 500, "cache_creation_input_tokens": 300} | {"prompt_tokens": 900, "completion_tokens": 5, "total_tokens": 905, "cache_read_tokens": 500, "cache_write_tokens": 300} |
      | Anthropic 字段，计在外面         | {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15, "cache_read_input_tokens": 5000, "cache_creation_input_tokens": 40} | {"prompt_tokens": 5050, "completion_tokens": 5, "total_tokens": 5055, "cache_read_tokens": 5000, "cache_write_tokens": 40} |
      | DeepSeek                         | {"prompt_tokens": 64, "completion_tokens": 2, "total_tokens": 66, "prompt_cache_hit_tokens": 60, "prompt_cache_miss_tokens": 4} | {"prompt_tokens": 64, "completion_tokens": 2, "total_tokens": 66, "cache_read_tokens": 60} |
      | 缺字段与坏值                     | {"completion_tokens": 4, "prompt_tokens_details": null, "cache_read_input_tokens": -3}         | {"prompt_tokens": 0, "completion_tokens": 4, "total_tokens": 4}                                          |

  Scenario: 旧版本写下的会话（用量行没有缓存字段，索引没有按模型的合计）仍能读出用量，续写后索引补上
    Given 会话目录里有一个旧版本写下的会话，两轮用量分别是 "old-model" 的 100 与 10、"old-model" 的 200 与 20 个 token
    When 打开这个会话并按今天的价格计算它的用量
    Then 会话用量应该是 2 次调用、300 个输入 token、30 个输出 token，其中 "old-model" 2 次
    When 这个会话再记下 "new-model" 的一轮 50 与 5 个 token
    Then 会话的 index.json 应该记着 "old-model" 2 次、"new-model" 1 次

  Scenario: 内存里只保留最近 N 轮，usage.jsonl 保留全部；修复坏行时也不丢任何一轮
    Given 环境变量 SYNAPSE_MAX_ROUNDS_KEPT 为 "2"
    And 一个会话记下了 5 轮用量，输出 token 依次是 1、2、3、4、5
    And 这个会话的 usage.jsonl 第 2 行被换成无法读取的字节
    When 重新打开这个会话并修复它
    Then 会话内存里的用量轮次应该只有输出为 4、5 的两轮，合计 4 次调用、13 个输出 token
    And 会话的 usage.jsonl 应该依次记着输出为 1、3、4、5 的轮次
