@own @session
Feature: 会话存储
  文档只要求：会话以追加写的 JSONL 历史加一个索引文件持久化，每条消息确认后写入，重写是原子的
  （临时文件加改名），写坏的行被跳过并报告而不致命，发给模型前清理历史，上下文统计来自真实的分词器。
  这里规定文档留白的部分：磁盘上的往返、坏行如何报告、清理（修复）规则的精确结果、
  非法与不存在的会话 ID、会话列表的顺序，以及标题与删除。

  Background:
    Given 会话存储位于一个新的临时目录

  Rule: 会话在磁盘上完整往返

    Scenario: 创建、追加并重新打开会话，历史、标题与用量都保持不变
      When 我在会话存储中创建一个新会话
      And 我向会话追加以下消息:
        | 角色      | 内容                    | 工具调用                     | 回复的调用 |
        | user      | 列出当前目录里的文件    |                              |            |
        | assistant |                         | call_1 Bash {"command":"ls"} |            |
        | tool      | a.txt b.txt             |                              | call_1     |
        | assistant | 目录里有 a.txt 和 b.txt |                              |            |
      And 我为会话记录模型 "gpt-4o" 的用量: 输入 120、输出 30
      And 我为会话记录模型 "gpt-4o-mini" 的用量: 输入 80、输出 20
      And 我重新打开这个会话
      Then 重新打开的会话历史与追加的消息完全相同
      And 会话标题为 "列出当前目录里的文件"
      And 会话用量合计为: 输入 200、输出 50、总计 250
      And 会话用量按顺序记录了模型 "gpt-4o, gpt-4o-mini" 的各一轮调用
      And 会话加载时没有警告
      And 会话目录中只有文件 "history.jsonl, index.json, usage.jsonl"

    Scenario: 会话标题取第一条用户消息，过长时截断为 60 个字符
      When 我在会话存储中创建一个新会话
      And 我向会话追加一条 100 个字符的用户消息
      Then 会话标题是那条用户消息的前 59 个字符加上 "…"

  Rule: 写坏的行被跳过并报告，从不致命

    Scenario: 崩溃时写了一半的最后一行被跳过并报告，之后的追加不受影响
      Given 会话存储中有一个含 3 条消息的会话
      When 会话历史文件末尾被追加了半行 JSON '{"role":"assistant","content":"写到一'
      And 我重新打开这个会话
      Then 会话历史只包含原来的第 1、2、3 条消息
      And 会话加载警告只有一条: history.jsonl 第 4 行被跳过，原因包含 "incomplete last line"
      When 我向会话追加一条用户消息 "继续"
      And 我重新打开这个会话
      Then 会话历史共有 4 条消息，最后一条是用户消息 "继续"

    Scenario Outline: 中间一行损坏时只跳过这一行并报告
      Given 会话存储中有一个含 3 条消息的会话
      When 会话历史文件第 2 行被替换为 '<坏行>'
      And 我重新打开这个会话
      Then 会话历史只包含原来的第 1、3 条消息
      And 会话加载警告只有一条: history.jsonl 第 2 行被跳过，原因包含 "<原因>"

      Examples:
        | 坏行                            | 原因                     |
        | {这不是 JSON                    | not valid JSON           |
        | {"role":"robot","content":"hi"} | not a valid chat message: role: Invalid option |

    Scenario Outline: <情形>时会话照常打开，只报告这个问题
      Given 会话存储中有一个含 3 条消息的会话
      When <破坏>
      And 我重新打开这个会话
      Then 会话历史共有 <消息数> 条消息
      And 会话加载警告只有一条: <文件> 的问题包含 "<警告>"

      Examples:
        | 情形                            | 破坏                                                         | 消息数 | 文件          | 警告                                                                                    |
        | index.json 记的是别的会话       | 会话的 index.json 中的 id 被改为 "someone-else"              | 3      | index.json    | index names session someone-else, but the directory is                                 |
        | index.json 是数组               | 会话的 index.json 被替换为 '[]'                              | 3      | index.json    | index.json is not a valid session index (root: Invalid input: expected object, received array); rebuilt |
        | index.json 的版本不对           | 会话的 index.json 被替换为 '{"version": 2}'                   | 3      | index.json    | index.json is not a valid session index (version: Invalid input: expected 1)            |
        | history.jsonl 被删掉            | 会话历史文件被删除                                           | 0      | history.jsonl | missing, though index.json counts 3 messages                                            |

  Rule: 重写是原子的

    Scenario: 重写会话历史替换全部内容且不留下临时文件
      Given 会话存储中有一个含 4 条消息的会话
      When 我用原来的第 1、4 条消息重写会话历史
      Then 会话历史只包含原来的第 1、4 条消息
      And 会话历史文件恰好有 2 行
      And 会话目录中只有文件 "history.jsonl, index.json"
      When 我重新打开这个会话
      Then 会话历史只包含原来的第 1、4 条消息

  Rule: 修复历史从不移除本身合法的消息：没有结果的调用补上中断结果，只有本身破坏配对的消息被移除

    Scenario: 缺少部分结果的工具调用补上中断结果，已有的结果与之后的消息原样保留
      Given 一段待清理的会话历史:
        | 角色      | 内容         | 工具调用                                                                  | 回复的调用 |
        | user      | 看看两个文件 |                                                                           |            |
        | assistant | 我来读取     | call_1 Bash {"command":"read a.txt"} ; call_2 Bash {"command":"read b.txt"} |            |
        | tool      | A 的内容     |                                                                           | call_1     |
        | user      | 算了，先停下 |                                                                           |            |
        | assistant | 好的         |                                                                           |            |
      When 我清理这段会话历史
      Then 清理后的会话历史为:
        | 角色      | 内容         | 工具调用                                                                  | 回复的调用 |
        | user      | 看看两个文件 |                                                                           |            |
        | assistant | 我来读取     | call_1 Bash {"command":"read a.txt"} ; call_2 Bash {"command":"read b.txt"} |            |
        | tool      | A 的内容     |                                                                           | call_1     |
        | tool      | <中断结果>   |                                                                           | call_2     |
        | user      | 算了，先停下 |                                                                           |            |
        | assistant | 好的         |                                                                           |            |
      And 会话清理没有移除任何消息
      And 会话清理为调用 "call_2" 补上了中断结果

    Scenario: 末尾被中断、一个结果都没有的工具调用补上中断结果
      Given 一段待清理的会话历史:
        | 角色      | 内容       | 工具调用                        | 回复的调用 |
        | user      | 睡一会儿   |                                 |            |
        | assistant |            | call_1 Bash {"command":"sleep"} |            |
      When 我清理这段会话历史
      Then 清理后的会话历史为:
        | 角色      | 内容       | 工具调用                        | 回复的调用 |
        | user      | 睡一会儿   |                                 |            |
        | assistant |            | call_1 Bash {"command":"sleep"} |            |
        | tool      | <中断结果> |                                 | call_1     |
      And 会话清理没有移除任何消息
      And 会话清理为调用 "call_1" 补上了中断结果

    Scenario: 孤立的工具结果被移除
      Given 一段待清理的会话历史:
        | 角色      | 内容           | 工具调用                     | 回复的调用 |
        | user      | 你好           |                              |            |
        | tool      | 没有人调用过我 |                              | call_9     |
        | assistant | 我来列目录     | call_1 Bash {"command":"ls"} |            |
        | tool      | a.txt          |                              | call_1     |
        | tool      | 别人的结果     |                              | call_7     |
        | assistant | 完成           |                              |            |
        | tool      | 迟到的重复结果 |                              | call_1     |
      When 我清理这段会话历史
      Then 清理后的会话历史为:
        | 角色      | 内容       | 工具调用                     | 回复的调用 |
        | user      | 你好       |                              |            |
        | assistant | 我来列目录 | call_1 Bash {"command":"ls"} |            |
        | tool      | a.txt      |                              | call_1     |
        | assistant | 完成       |                              |            |
      And 会话清理移除了:
        | 序号 | 原因               |
        | 1    | orphan_tool_result |
        | 4    | orphan_tool_result |
        | 6    | orphan_tool_result |

    Scenario: 参数不是 JSON 对象的工具调用连同它的结果被移除
      Given 一段待清理的会话历史:
        | 角色      | 内容             | 工具调用                      | 回复的调用 |
        | user      | 跑几个命令       |                               |            |
        | assistant |                  | call_1 Bash "ls -la"          |            |
        | tool      | 参数错误         |                               | call_1     |
        | assistant |                  | call_2 Bash [1,2]             |            |
        | tool      | 参数错误         |                               | call_2     |
        | assistant |                  | call_3 Bash {"command":"pwd"} |            |
        | tool      | /work            |                               | call_3     |
        | assistant |                  | call_4 Bash {"command":       |            |
        | tool      | 半截参数         |                               | call_4     |
        | assistant | 当前目录是 /work |                               |            |
      When 我清理这段会话历史
      Then 清理后的会话历史为:
        | 角色      | 内容             | 工具调用                      | 回复的调用 |
        | user      | 跑几个命令       |                               |            |
        | assistant |                  | call_3 Bash {"command":"pwd"} |            |
        | tool      | /work            |                               | call_3     |
        | assistant | 当前目录是 /work |                               |            |
      And 会话清理移除了:
        | 序号 | 原因                 |
        | 1    | non_object_arguments |
        | 2    | non_object_arguments |
        | 3    | non_object_arguments |
        | 4    | non_object_arguments |
        | 7    | non_object_arguments |
        | 8    | non_object_arguments |

    Scenario: 对随机历史，清理结果总是配对完整、保留每条本身合法的消息并保持顺序，且再次清理什么都不改
      When 我清理 1000 段随机生成的会话历史
      Then 每段清理后的会话历史都满足工具调用配对规则

  Rule: 上下文统计与真实的分词器一致

    Scenario: 上下文统计计数消息、工具调用和分词器给出的 token 数，重新打开后不变
      When 我在会话存储中创建一个新会话
      And 我向会话追加以下消息:
        | 角色      | 内容                         | 工具调用                                                                  | 回复的调用 |
        | system    | You are a helpful assistant. |                                                                           |            |
        | user      | 比较 a.txt 和 b.txt 的大小   |                                                                           |            |
        | assistant | 我分别看一下                 | call_1 Bash {"command":"wc -c a.txt"} ; call_2 Bash {"command":"wc -c b.txt"} |            |
        | tool      | 12 a.txt                     |                                                                           | call_1     |
        | tool      | 345 b.txt                    |                                                                           | call_2     |
        | assistant | b.txt 更大（345 字节）。     |                                                                           |            |
      Then 会话上下文统计的消息数为 6、工具调用数为 2
      And 会话上下文统计的 token 数等于分词器对各条内容、工具名和参数分别计数之和
      When 我重新打开这个会话
      Then 重新打开的会话上下文统计与直接统计其历史的结果相同

    Scenario: 本次运行才造出来的词，token 数也与分词器一致
      When 我在会话存储中创建一个新会话
      And 我向会话追加一条用本次运行新造的词写成的用户消息
      Then 会话上下文统计的 token 数等于分词器对各条内容、工具名和参数分别计数之和

    Scenario: 分词器的 rank 表按 js-tiktoken 的数据解码，每个 token 的 rank 就是 js-tiktoken 给它的 id
      When 解码 o200k_base 的 rank 表
      Then 随机抽取 400 个 token，js-tiktoken 把其中至少 380 个编码为单个 token，id 都与 rank 表中的 rank 相同

    Scenario Outline: 各种文字的 token 数都与分词器一致：<文字>
      When 我在会话存储中创建一个新会话
      And 我向会话追加一条用户消息 "<内容>"
      Then 会话上下文统计的 token 数等于分词器对各条内容、工具名和参数分别计数之和

      Examples:
        | 文字             | 内容                                                                  |
        | 中英混排         | 比较 a.txt 和 b.txt 的大小，然后 summarize the differences in English。 |
        | emoji 与 ZWJ 序列 | 好的 🙂👍🏽 一家人 👨‍👩‍👧 完成 ✅                                                  |
        | 特殊标记当作文字 | <\|endoftext\|> 之后是 <\|fim_prefix\|>def f(x):                          |
        | 代码与空白       | const x = a?.b ?? 42;\t\t   return   x;                                 |
        | 各种数字         | 1234567890 3.14159 ١٢٣٤ 一千零一 ⅫⅣ                                    |
        | 多种文字         | Ünïcödé ñ ß Ωμέγα русский עברית العربية हिन्दी 日本語のテキスト 한국어           |
        | 长标识符         | supercalifragilisticexpialidocious_and_another_identifier_name_x      |

  Rule: 会话 ID 被校验，不存在的会话给出清楚的错误

    Scenario: 打开不存在的会话时，错误指明会话 ID 和会话目录
      When 我尝试在会话存储中打开会话 "session-1700000000000-deadbeef"
      Then 会话存储报错 SessionNotFoundError，消息包含该会话 ID 和会话目录

    Scenario Outline: 试图跳出会话目录的会话 ID 被拒绝，目录外的文件不受影响
      Given 会话目录旁边有一个目录 "victim"，里面有一个文件
      When 我尝试在会话存储中<操作>会话 "<会话 ID>"
      Then 会话存储报错 InvalidSessionIdError，消息包含 "Invalid session id"
      And 会话目录旁边的目录 "victim" 和它的文件仍然存在

      Examples:
        | 操作 | 会话 ID       |
        | 打开 | ../victim     |
        | 删除 | ../victim     |
        | 删除 | ..            |
        | 打开 | a/b           |
        | 打开 | /etc/passwd   |

    Scenario: 用已经存在的会话 ID 创建会话被拒绝，原来的会话不受影响
      Given 会话存储中有一个含 2 条消息的会话
      When 我尝试在会话存储中以这个会话的 ID 创建会话
      Then 会话存储报错 Error，消息包含 "already exists"
      When 我重新打开这个会话
      Then 会话历史只包含原来的第 1、2 条消息

    Scenario: 会话存储目录的名字太长时，错误用人话说明
      Given 会话存储目录的名字有 300 个字符
      When 我尝试在会话存储中创建一个新会话
      Then 会话存储报错 SessionsDirError，消息包含 "cannot be read (the name is too long)"

    Scenario: 两个会话存储同时在还不存在的目录里创建会话，谁先建好目录都不影响另一个
      When 两个会话存储同时在一个还不存在的目录 "a/b/c/sessions" 里各创建一个会话
      Then 两个会话都在那个目录里

    Scenario: 会话目录的位置上是一个普通文件时给出清楚的错误
      Given 会话存储目录的位置上是一个普通文件
      When 我尝试在会话存储中创建一个新会话
      Then 会话存储报错 SessionsDirError，消息包含 "exists but is not a directory"

  Rule: 会话列表最近更新的在前，读不了的条目被跳过并报告

    Scenario: 会话列表按最近更新排序，损坏的条目被跳过并报告
      Given 会话存储中依次创建了标题为 "第一个, 第二个, 第三个" 的会话
      And 会话存储中有一个 index.json 已损坏的会话目录 "session-1-0badc0de"
      When 我列出会话存储中的会话
      Then 会话列表的标题依次为 "第三个, 第二个, 第一个"
      And 会话列表的每一项都有 ID、创建时间、更新时间和消息数
      And 会话列表跳过了 "session-1-0badc0de"，原因包含 "not valid JSON"
      When 我向标题为 "第一个" 的会话追加一条用户消息 "还在吗"
      And 我列出会话存储中的会话
      Then 会话列表的标题依次为 "第一个, 第三个, 第二个"

    Scenario: 删除的会话不再存在，也不在列表中
      Given 会话存储中有一个含 2 条消息的会话
      When 我从会话存储中删除这个会话
      And 我列出会话存储中的会话
      Then 会话存储中不再有这个会话
      And 会话列表为空

  Rule: 一个会话只有一个写者；写锁的持有者已经不在时，锁被接管而不是永远挡住会话

    Scenario Outline: 写锁留给了<持有者>：追加照常完成，写完后不留下锁
      Given 会话存储中有一个含 2 条消息的会话
      And 会话的写锁文件留给了<持有者>
      When 我向会话追加一条用户消息 "继续"
      And 我重新打开这个会话
      Then 会话历史共有 3 条消息，最后一条是用户消息 "继续"
      And 会话目录中只有文件 "history.jsonl, index.json"

      Examples:
        | 持有者                         |
        | 一个已经结束的进程             |
        | 一个进程号已被别的进程重用的进程 |
        | 本进程里一个已经不在的写者     |

    Scenario: 读不懂的写锁文件过了宽限期就当作崩溃的遗留被接管
      Given 会话存储中有一个含 2 条消息的会话
      And 会话的写锁文件是 5 秒前写下的一段读不懂的内容
      When 我向会话追加一条用户消息 "继续"
      And 我重新打开这个会话
      Then 会话历史共有 3 条消息，最后一条是用户消息 "继续"
      And 会话目录中只有文件 "history.jsonl, index.json"

    Scenario: 死在接管途中的进程留下的接管目录不会挡住后来者
      Given 会话存储中有一个含 2 条消息的会话
      And 会话的写锁文件留给了一个已经结束的进程
      And 会话目录中留着一个 5 秒前的写锁接管目录
      When 我向会话追加一条用户消息 "继续"
      And 我重新打开这个会话
      Then 会话历史共有 3 条消息，最后一条是用户消息 "继续"
      And 会话目录中只有文件 "history.jsonl, index.json"

    Scenario Outline: 写锁由<持有者>持有：追加被拒绝并指明持有者，锁和历史都不动
      Given 会话存储中有一个含 2 条消息的会话
      And 会话的写锁文件留给了<持有者>
      When 我尝试向会话追加一条用户消息 "继续"
      Then 会话存储报错 SessionLockedError，指明会话和写锁文件中的持有者
      And 会话的写锁文件原样保留
      When 我重新打开这个会话
      Then 会话历史只包含原来的第 1、2 条消息

      Examples:
        | 持有者                         |
        | 一个正在运行的进程             |
        | 另一台主机上的进程             |
        | 本进程里另一个打开它的会话对象 |

      @cli
      Examples: 真实的另一个进程（用构建好的库）
        | 持有者                 |
        | 另一个用这个会话的进程 |

    @cli
    Scenario: 持有写锁的进程以 process.exit 退出时删除它的锁
      Given 会话存储中有一个含 2 条消息的会话
      And 另一个进程取得这个会话的写锁后以 process.exit 退出
      Then 会话目录中只有文件 "history.jsonl, index.json"
      When 我向会话追加一条用户消息 "继续"
      And 我重新打开这个会话
      Then 会话历史共有 3 条消息，最后一条是用户消息 "继续"

    Scenario: 刚开始写的写锁文件不被当作遗留：等它写完，再按持有者拒绝
      Given 会话存储中有一个含 2 条消息的会话
      And 会话的写锁文件刚开始写、还读不懂，100 毫秒后由一个正在运行的进程写完
      When 我尝试向会话追加一条用户消息 "继续"
      Then 会话存储报错 SessionLockedError，指明会话和写锁文件中的持有者
      And 会话的写锁文件原样保留

    Scenario: 写锁文件的位置上是一个目录时，错误指明这个文件
      Given 会话存储中有一个含 2 条消息的会话
      And 会话的写锁文件的位置上是一个目录
      When 我尝试向会话追加一条用户消息 "继续"
      Then 会话存储报错 SessionFileError，消息包含 "writer.lock: it is a directory, where a file was expected"

  Rule: 修复会话什么都不丢：读不了的行原样移入隔离文件，本身破坏配对的消息也移过去，之后文件干净

    Scenario: 修复把读不了的一行原样移入隔离文件，失去结果的调用补上中断结果，重新打开后没有警告
      When 我在会话存储中创建一个新会话
      And 我向会话追加以下消息:
        | 角色      | 内容         | 工具调用                           | 回复的调用 |
        | user      | 读一下 a.txt |                                    |            |
        | assistant |              | call_1 Bash {"command":"cat a.txt"} |            |
        | tool      | A 的内容     |                                    | call_1     |
        | assistant | 读完了       |                                    |            |
      And 会话历史文件第 3 行被换成无法读取的字节
      And 我重新打开这个会话
      And 我修复这个会话
      Then 会话修复的报告为:
        | 文件          | 行 | 原因                                    | 隔离文件                 |
        | history.jsonl | 3  | skipped a line that is not valid JSON   | history.quarantine.jsonl |
      And 会话修复为调用 "call_1" 补上了中断结果
      And 补上的中断结果告诉模型 "[interrupted] No result was recorded for this tool call: the run stopped before it finished, or its result was lost. Whether it took effect is unknown; check before repeating it."
      And 会话的 "history.quarantine.jsonl" 原样保存了修复前 history.jsonl 第 3 行的字节
      And 会话目录中只有文件 "history.jsonl, history.quarantine.jsonl, index.json"
      When 我修复这个会话
      Then 会话修复的报告为空
      When 我重新打开这个会话
      Then 会话加载时没有警告
      And 会话历史为:
        | 角色      | 内容         | 工具调用                           | 回复的调用 |
        | user      | 读一下 a.txt |                                    |            |
        | assistant |              | call_1 Bash {"command":"cat a.txt"} |            |
        | tool      | <中断结果>   |                                    | call_1     |
        | assistant | 读完了       |                                    |            |

    Scenario: 本身破坏配对的消息按它在文件中的行号和原样的字节移入隔离文件
      When 我在会话存储中创建一个新会话
      And 我向会话追加以下消息:
        | 角色      | 内容       | 工具调用                     | 回复的调用 |
        | user      | 你好       |                              |            |
        | tool      | 没人调用我 |                              | call_9     |
        | assistant | 你好！     |                              |            |
      And 我重新打开这个会话
      And 我修复这个会话
      Then 会话修复的报告为:
        | 文件          | 行 | 原因                                                                                   | 隔离文件                 |
        | history.jsonl | 2  | removed by the history repair (orphan_tool_result): tool result call_9 follows no tool call | history.quarantine.jsonl |
      And 会话修复没有补上任何结果
      And 会话的 "history.quarantine.jsonl" 原样保存了修复前 history.jsonl 第 2 行的字节
      When 我重新打开这个会话
      Then 会话加载时没有警告
      And 会话历史为:
        | 角色      | 内容   | 工具调用 | 回复的调用 |
        | user      | 你好   |          |            |
        | assistant | 你好！ |          |            |

    Scenario: 用量文件中写了一半的一行移入 usage.quarantine.jsonl，其余用量保留，之后的记录另起一行
      Given 会话存储中有一个含 2 条消息的会话
      When 我为会话记录模型 "gpt-4o" 的用量: 输入 120、输出 30
      And 会话用量文件末尾被追加了半行 JSON '{"model":"gpt-4o","usa'
      And 我重新打开这个会话
      Then 会话加载警告只有一条: usage.jsonl 第 2 行被跳过，原因包含 "incomplete last line"
      When 我修复这个会话
      Then 会话修复的报告为:
        | 文件        | 行 | 原因                           | 隔离文件               |
        | usage.jsonl | 2  | skipped an incomplete last line | usage.quarantine.jsonl |
      And 会话的 "usage.quarantine.jsonl" 原样保存了修复前 usage.jsonl 第 2 行的字节
      When 我为会话记录模型 "gpt-4o-mini" 的用量: 输入 80、输出 20
      And 我重新打开这个会话
      Then 会话加载时没有警告
      And 会话用量合计为: 输入 200、输出 50、总计 250
      And 会话用量按顺序记录了模型 "gpt-4o, gpt-4o-mini" 的各一轮调用
      And 会话历史只包含原来的第 1、2 条消息

    Scenario: 修复一个只是 index.json 损坏的会话时重写索引，历史不动，没有隔离文件
      Given 会话存储中有一个含 3 条消息的会话
      When 会话的 index.json 被替换为 '[]'
      And 我重新打开这个会话
      And 我修复这个会话
      Then 会话修复的报告为空
      And 会话目录中只有文件 "history.jsonl, index.json"
      When 我重新打开这个会话
      Then 会话加载时没有警告
      And 会话历史只包含原来的第 1、2、3 条消息
      And 会话标题为 "问题 1"

  Rule: 取得写锁的写者先清理被杀掉的写入留下的临时文件

    Scenario: 锁定会话时删除被杀掉的写入留下的临时文件，别的文件不动；关闭会话时释放写锁
      Given 会话存储中有一个含 2 条消息的会话
      And 会话目录中有文件 "index.json.4242-0badc0de.tmp, history.jsonl.77-deadbeef.tmp, notes.tmp, index.json.tmp"
      When 我锁定这个会话
      Then 会话目录中只有文件 "history.jsonl, index.json, index.json.tmp, notes.tmp, writer.lock"
      When 我关闭这个会话
      Then 会话目录中只有文件 "history.jsonl, index.json, index.json.tmp, notes.tmp"

  Rule: 不能存放会话的目录在写任何东西之前被拒绝，错误说明原因

    Scenario Outline: 会话存储目录<情形>时，创建会话被拒绝并说明原因
      Given 会话存储目录是 "<目录>"
      When 我尝试在会话存储中创建一个新会话
      Then 会话存储报错 SessionsDirError，消息包含 "<错误>"

      Examples:
        | 情形               | 目录                   | 错误                                                                                                 |
        | 在 /proc 下        | /proc/synapse-sessions | Sessions directory /proc/synapse-sessions is on the proc pseudo-filesystem, where nothing can be stored |
        | 在 /sys 下         | /sys/synapse/sessions  | Sessions directory /sys/synapse/sessions is on the sysfs pseudo-filesystem                             |
        | 的上级是一个普通文件 | <临时目录>/file/sessions | is not a directory (a parent path is a file)                                                          |

  Rule: 坏行的原因指明哪个字段不对

    Scenario Outline: 历史中一行是<情形>时跳过这一行，原因说明问题所在，空行不算坏行
      Given 会话存储中有一个含 3 条消息的会话
      When 会话历史文件第 2 行被替换为 '<坏行>'
      And 会话历史文件末尾多了一行只有空白的行
      And 我重新打开这个会话
      Then 会话历史只包含原来的第 1、3 条消息
      And 会话加载警告只有一条: history.jsonl 第 2 行被跳过，原因包含 "<原因>"

      Examples:
        | 情形     | 坏行                                                                           | 原因                                                                          |
        | JSON 数组 | []                                                                              | not a valid chat message: Invalid input: expected object, received array      |
        | 缺少 id 的工具调用 | {"role":"assistant","content":null,"tool_calls":[{"type":"function","function":{"name":"Bash","arguments":"{}"}}]} | not a valid chat message: tool_calls.0.id: Invalid input |

    Scenario: 用量文件中一轮的 token 数为负时跳过这一轮，原因指明字段
      Given 会话存储中有一个含 2 条消息的会话
      When 我为会话记录模型 "gpt-4o" 的用量: 输入 120、输出 30
      And 会话用量文件末尾被追加了半行 JSON '{"model":"m","usage":{"prompt_tokens":-1,"completion_tokens":0,"total_tokens":0},"at":"x"}'
      And 我重新打开这个会话
      Then 会话加载警告只有一条: usage.jsonl 第 2 行被跳过，原因包含 "not a valid usage round: usage.prompt_tokens: Too small"
      And 会话用量合计为: 输入 120、输出 30、总计 150

  Rule: 写入前校验，写下的都能读回

    Scenario: 追加的一批里有一条不是聊天消息时整批被拒绝，错误指明位置和字段
      Given 会话存储中有一个含 2 条消息的会话
      When 我尝试向会话追加一条用户消息和一条角色为 "robot" 的消息
      Then 会话存储报错 TypeError，消息包含 "Not a chat message (position 1): role: Invalid option"
      When 我重新打开这个会话
      Then 会话历史只包含原来的第 1、2 条消息

    Scenario: 显式设置的标题取第一个非空行并折叠空白，重新打开后不变
      Given 会话存储中有一个含 2 条消息的会话
      When 我把会话标题设为:
        """

          修复   登录页的   测试
        第二行不进标题
        """
      Then 会话标题为 "修复 登录页的 测试"
      When 我重新打开这个会话
      Then 会话标题为 "修复 登录页的 测试"

  Rule: 上下文统计总与实际历史一致：持久化的统计只在它仍然描述历史时才被采用

    Scenario: 历史文件被别的程序改写后重新打开，上下文统计按实际历史重新计数
      Given 分词器已经建好
      And 会话存储中有一个含 3 条消息的会话
      When 会话历史文件第 2 行被替换为 '{"role":"assistant","content":"一个被外部程序改写过、比原来长得多的回答，带着更多的 token 和标点！"}'
      And 我重新打开这个会话
      Then 会话上下文统计与直接统计其历史的结果相同

    Scenario: 历史中间一行损坏后重新打开，上下文统计只计入读得出的消息
      Given 分词器已经建好
      And 会话存储中有一个含 3 条消息的会话
      When 会话历史文件第 2 行被替换为 '{这不是 JSON'
      And 我重新打开这个会话
      Then 会话上下文统计与直接统计其历史的结果相同

    Scenario Outline: 用原来的第 <消息> 条消息重写历史后，上下文统计与实际历史一致，重新打开后也一样
      Given 分词器已经建好
      And 会话存储中有一个含 4 条消息的会话
      When 我用原来的第 <消息> 条消息重写会话历史
      Then 会话上下文统计与直接统计其历史的结果相同
      When 我重新打开这个会话
      Then 会话上下文统计与直接统计其历史的结果相同

      Examples:
        | 消息       |
        | 2、3       |
        | 4、1       |
        | 1、2、3、4 |
        | 1、1       |

    Scenario: 没有消息的会话丢了 history.jsonl 时照常打开，不报告
      When 我在会话存储中创建一个新会话
      And 会话历史文件被删除
      And 我重新打开这个会话
      Then 会话加载时没有警告
      And 会话历史共有 0 条消息

  Rule: index.json 丢失或损坏时从历史重建

    Scenario Outline: index.json <情形>时报告并从历史重建标题
      Given 会话存储中有一个含 3 条消息的会话
      When <破坏>
      And 我重新打开这个会话
      Then 会话加载警告只有一条: index.json 的问题包含 "<警告>; rebuilt from history.jsonl and usage.jsonl"
      And 会话标题为 "问题 1"
      And 会话历史只包含原来的第 1、2、3 条消息

      Examples:
        | 情形       | 破坏                          | 警告                         |
        | 被删除     | 会话的 index.json 被删除      | index.json is missing        |
        | 不是 JSON  | 会话的 index.json 被替换为 '{' | index.json is not valid JSON |

  Rule: 会话列表只看像会话的目录

    Scenario: 会话目录里的其他文件和目录不出现在列表里；index.json 读不了的会话被跳过并说明原因
      Given 会话存储中依次创建了标题为 "唯一的会话" 的会话
      And 会话存储目录中有文件 "notes.txt" 和目录 ".cache, not a session"
      And 会话存储中有一个 index.json 是目录的会话目录 "session-2-0badc0de"
      When 我列出会话存储中的会话
      Then 会话列表的标题依次为 "唯一的会话"
      And 会话列表跳过了 "session-2-0badc0de"，原因包含 "index.json cannot be read (Cannot read"

    Scenario: 一个空的会话目录不算会话
      Given 会话存储目录中有文件 "notes.txt" 和目录 "session-3-0badc0de"
      When 我尝试在会话存储中打开会话 "session-3-0badc0de"
      Then 会话存储报错 SessionNotFoundError，消息包含 "Session \"session-3-0badc0de\" not found"

  Rule: 清理移除的每条消息都说明原因

    Scenario: 清理移除的每条消息按原来的顺序列出，并用一句话说明为什么
      Given 一段待清理的会话历史:
        | 角色      | 内容 | 工具调用                                                      | 回复的调用 |
        | user      | 开始 |                                                               |            |
        | tool      | 无主 |                                                               |            |
        | assistant |      | call_1 Bash {"command":"ls"} ; call_1 Bash {"command":"pwd"} |            |
        | tool      | 结果 |                                                               | call_1     |
        | assistant |      | call_2 Bash {"command":"ls"}                                 |            |
        | tool      | x    |                                                               | call_2     |
        | tool      | y    |                                                               | call_2     |
        | tool      | z    |                                                               |            |
        | tool      | w    |                                                               | call_8     |
        | assistant |      | call_3 Bash 42                                                |            |
        | assistant |      | call_4 Bash null                                              |            |
        | assistant | 完成 |                                                               |            |
      When 我清理这段会话历史
      Then 清理后的会话历史为:
        | 角色      | 内容 | 工具调用                     | 回复的调用 |
        | user      | 开始 |                              |            |
        | assistant |      | call_2 Bash {"command":"ls"} |            |
        | tool      | x    |                              | call_2     |
        | assistant | 完成 |                              |            |
      And 会话清理移除了:
        | 序号 | 原因                  | 说明                                                     |
        | 1    | orphan_tool_result    | tool result (no id) follows no tool call                 |
        | 2    | duplicate_call_id     | two calls share one id, so one result cannot answer both |
        | 3    | duplicate_call_id     | result of call_1, whose tool-call message was removed    |
        | 6    | duplicate_tool_result | second result for call_2                                 |
        | 7    | orphan_tool_result    | tool result (no id) answers no call of message 4         |
        | 8    | orphan_tool_result    | tool result call_8 answers no call of message 4          |
        | 9    | non_object_arguments  | arguments of call_3 are not a JSON object                |
        | 10   | non_object_arguments  | arguments of call_4 are not a JSON object                |

  Rule: 关闭会话就放下写锁，之后别的写者可以接手

    Scenario: 关闭会话后另一个会话对象取得写锁，原来的对象再写就被拒绝
      Given 会话存储中有一个含 2 条消息的会话
      When 我锁定这个会话
      And 我关闭这个会话
      And 会话的写锁文件留给了本进程里另一个打开它的会话对象
      And 我尝试向会话追加一条用户消息 "继续"
      Then 会话存储报错 SessionLockedError，指明会话和写锁文件中的持有者
      When 我重新打开这个会话
      Then 会话历史只包含原来的第 1、2 条消息

    Scenario: 另一个写者持有会话时删除被拒绝，会话原样保留
      Given 会话存储中有一个含 2 条消息的会话
      And 会话的写锁文件留给了一个正在运行的进程
      When 我尝试在会话存储中删除这个会话
      Then 会话存储报错 SessionLockedError，指明会话和写锁文件中的持有者
      And 会话的写锁文件原样保留
      When 我重新打开这个会话
      Then 会话历史只包含原来的第 1、2 条消息

  Rule: 标题是用户自己写的第一行，按字符截断

    Scenario Outline: 标题按字符计数：<情形>
      When 我在会话存储中创建一个新会话
      And 我向会话追加一条用户消息，内容是 <字数> 个 "<字符>"
      Then 会话标题是 <标题字数> 个 "<字符>" 加上 "<后缀>"

      Examples:
        | 情形                       | 字数 | 字符 | 标题字数 | 后缀 |
        | 正好 60 个字符时不截断     | 60   | 好   | 60       |      |
        | 61 个字符时截断            | 61   | 好   | 59       | …    |
        | 表情按一个字符算，不被切开 | 60   | 😀   | 60       |      |
        | 表情超长时在字符边界截断   | 70   | 😀   | 59       | …    |

    Scenario: 标题取第一个非空行并折叠空白；只有空白的消息不给标题，之后的用户消息给出标题
      When 我在会话存储中创建一个新会话
      And 我向会话追加一条用户消息:
        """
           
        """
      Then 会话没有标题
      When 我向会话追加一条用户消息:
        """

          请看看   这个 diff
        diff --git a/x b/x
        """
      Then 会话标题为 "请看看 这个 diff"

    Scenario: 消息里包了指令时，标题取用户自己写的话
      When 我在会话存储中创建一个新会话
      And 我向会话追加一条用户消息 "[指令] 遵守项目约定。\n\n修一下登录"，其中用户自己写的是 "修一下登录"
      Then 会话标题为 "修一下登录"

  Rule: 追加只写新的完整行

    Scenario Outline: 重新打开<情形>的会话后追加，历史文件每一行都是一条消息，没有空行
      Given 会话存储中有一个含 <消息数> 条消息的会话
      When 我重新打开这个会话
      And 我向会话追加一条用户消息 "继续"
      And 我为会话记录模型 "gpt-4o" 的用量: 输入 1、输出 2
      And 我重新打开这个会话
      And 我为会话记录模型 "gpt-4o" 的用量: 输入 3、输出 4
      Then 会话的 "history.jsonl" 由 <行数> 行 JSON 组成，没有空行
      And 会话的 "usage.jsonl" 由 2 行 JSON 组成，没有空行
      And 会话加载时没有警告

      Examples:
        | 情形     | 消息数 | 行数 |
        | 没有消息 | 0      | 1    |
        | 有消息   | 2      | 3    |

  Rule: 文件系统错误用文字说明，不带原始的错误码格式

    Scenario Outline: 错误码 <错误码> 说成 "<文字>"
      When 描述一个错误码为 "<错误码>"、消息为 "<错误码>: raw text, open '/data/x'" 的文件系统错误
      Then 描述为 "<文字>"

      Examples:
        | 错误码       | 文字                                      |
        | ENOENT       | no such file or directory                 |
        | EACCES       | permission denied                         |
        | EPERM        | operation not permitted                   |
        | EISDIR       | is a directory                            |
        | ENOTDIR      | a parent of it is a file, not a directory |
        | EROFS        | read-only file system                     |
        | ENOSPC       | no space left on device                   |
        | EDQUOT       | disk quota exceeded                       |
        | EEXIST       | already exists                            |
        | ENAMETOOLONG | the name is too long                      |
        | ELOOP        | too many symbolic links                   |
        | EMFILE       | too many open files                       |
        | EBUSY        | busy                                      |
        | EIO          | input/output error                        |

    Scenario: 没有对应文字的错误码保留原消息，只去掉其中的路径
      When 描述一个错误码为 "ESTALE"、消息为 "ESTALE: stale file handle, open '/data/x'" 的文件系统错误，路径是 "/data/x"
      Then 描述为 "ESTALE: stale file handle, open"
      When 描述一个错误码为 "EXDEV"、消息为 "EXDEV: cross-device link not permitted, /data/x" 的文件系统错误，路径是 "/data/x"
      Then 描述为 "EXDEV: cross-device link not permitted"
      When 描述一个错误码为 "EXDEV"、消息为 "EXDEV: cross-device link not permitted, /data/x" 的文件系统错误
      Then 描述为 "EXDEV: cross-device link not permitted, /data/x"

  Rule: 会话列表的顺序是确定的

    Scenario: 更新时间相同的会话按创建时间排列，再相同的按 ID 排列，新的在前
      Given 会话存储中有以下会话索引:
        | ID                 | 标题 | 创建时间                 | 更新时间                 |
        | session-1-0000000a | A    | 2026-01-01T00:00:00.000Z | 2026-01-03T00:00:00.000Z |
        | session-1-0000000b | B    | 2026-01-02T00:00:00.000Z | 2026-01-03T00:00:00.000Z |
        | session-1-0000000c | C    | 2026-01-02T00:00:00.000Z | 2026-01-03T00:00:00.000Z |
        | session-1-0000000d | D    | 2026-01-01T00:00:00.000Z | 2026-01-04T00:00:00.000Z |
      When 我列出会话存储中的会话
      Then 会话列表的标题依次为 "D, C, B, A"

  Rule: 标题来自第一条用户消息，而不是系统提示

    Scenario: 历史以系统提示开头时，标题取第一条用户消息；index.json 丢失后重建出同样的标题
      When 我在会话存储中创建一个新会话
      And 我向会话追加以下消息:
        | 角色      | 内容                         | 工具调用 | 回复的调用 |
        | system    | You are a helpful assistant. |          |            |
        | assistant | 有什么可以帮你？             |          |            |
        | user      | 真正的问题                   |          |            |
      Then 会话标题为 "真正的问题"
      When 会话的 index.json 被删除
      And 我重新打开这个会话
      Then 会话标题为 "真正的问题"
      And 会话的创建时间和更新时间都是有效的时间
      When 我修复这个会话
      And 我重新打开这个会话
      Then 会话加载时没有警告
      And 会话标题为 "真正的问题"
      And 会话的创建时间和更新时间都是有效的时间

    Scenario: index.json 中嵌套字段不合法时，警告指明字段的完整路径
      Given 会话存储中有一个含 2 条消息的会话
      When 会话的 index.json 中的 "usage.total.prompt_tokens" 被改为 -1
      And 我重新打开这个会话
      Then 会话加载警告只有一条: index.json 的问题包含 "index.json is not a valid session index (usage.total.prompt_tokens: Too small"
      And 会话的创建时间和更新时间都是有效的时间

  Rule: 修复报告按文件中的位置列出移走的内容

    Scenario: 读不了的行和破坏配对的消息一起按行号报告；本进程刚追加、还没有行号的消息以 JSON 隔离
      When 我在会话存储中创建一个新会话
      And 我向会话追加以下消息:
        | 角色      | 内容       | 工具调用 | 回复的调用 |
        | user      | 你好       |          |            |
        | assistant | 稍等       |          |            |
        | tool      | 没人调用我 |          | call_9     |
        | assistant | 你好！     |          |            |
      And 会话历史文件第 4 行被换成无法读取的字节
      And 我重新打开这个会话
      And 我向会话追加以下消息:
        | 角色 | 内容     | 工具调用 | 回复的调用 |
        | tool | 又一个孤儿 |          | call_8     |
      And 我修复这个会话
      Then 会话修复的报告为:
        | 文件          | 行 | 原因                                       | 隔离文件                 |
        | history.jsonl | 3  | tool result call_9 follows no tool call    | history.quarantine.jsonl |
        | history.jsonl | 4  | skipped a line that is not valid JSON      | history.quarantine.jsonl |
        | history.jsonl |    | tool result call_8 follows no tool call    | history.quarantine.jsonl |
      And 会话的 "history.quarantine.jsonl" 最后一条记录没有行号，原样保存了消息 {"role":"tool","content":"又一个孤儿","tool_call_id":"call_8"}
      When 我重新打开这个会话
      Then 会话加载时没有警告
      And 会话历史为:
        | 角色      | 内容 | 工具调用 | 回复的调用 |
        | user      | 你好 |          |            |
        | assistant | 稍等 |          |            |
