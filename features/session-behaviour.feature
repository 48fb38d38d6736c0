@own @session
Feature: 会话的细节行为
  会话存储（features/session-store.feature）规定了会话在磁盘上的往返、坏行、修复与写锁。
  这里规定它留下的细节：修复只改需要改的文件、追加与记录用量总写在新的一行、写锁在锁定期间一直持有、
  标题从哪条消息来、错误消息的确切内容，以及上下文统计从哪里来（恢复和重写都不重新分词）。

  Background:
    Given 会话存储位于一个新的临时目录

  Rule: 修复只改需要改的文件：历史文件没有要移走或补上的消息时原样不动

    Scenario Outline: 历史文件由别的程序写成，<情形>时修复不改写历史文件
      Given 会话存储中有一个含 3 条消息的会话
      When 会话历史文件被另一个程序重写为同样的消息，每行 JSON 在冒号和逗号后带空格
      And <破坏>
      And 我重新打开这个会话
      And 我记下会话目录中每个文件的内容
      And 我修复这个会话
      Then 会话的 "history.jsonl" 与记下的完全相同
      When 我重新打开这个会话
      Then 会话加载时没有警告
      And 会话历史只包含原来的第 1、2、3 条消息

      Examples:
        | 情形                | 破坏                                                  |
        | 只有用量文件有坏行  | 会话用量文件末尾被追加了半行 JSON '{"model":"gpt-4o"' |
        | 只有 index.json 损坏 | 会话的 index.json 被替换为 '[]'                       |

    Scenario: 修复一个完好的会话什么都不写，连 index.json 的更新时间都不变
      Given 会话存储中有一个含 3 条消息的会话
      When 我为会话记录模型 "gpt-4o" 的用量: 输入 120、输出 30
      And 会话历史文件被另一个程序重写为同样的消息，每行 JSON 在冒号和逗号后带空格
      And 我重新打开这个会话
      And 我记下会话目录中每个文件的内容
      And 我修复这个会话
      Then 会话修复的报告为空
      And 会话目录中的文件与记下的完全相同

    Scenario: 历史中只有两行读不了时，修复按行号顺序移走这两行并重写历史，其余消息都保留
      Given 会话存储中有一个含 5 条消息的会话
      When 会话历史文件第 4 行被换成无法读取的字节
      And 会话历史文件第 2 行被换成无法读取的字节
      And 我重新打开这个会话
      And 我修复这个会话
      Then 会话修复的报告为:
        | 文件          | 行 | 原因                                  | 隔离文件                 |
        | history.jsonl | 2  | skipped a line that is not valid JSON | history.quarantine.jsonl |
        | history.jsonl | 4  | skipped a line that is not valid JSON | history.quarantine.jsonl |
      And 会话修复没有补上任何结果
      And 会话历史文件恰好有 3 行
      When 我重新打开这个会话
      Then 会话加载时没有警告
      And 会话历史只包含原来的第 1、3、5 条消息

    Scenario: 文件都读得出、只是最后的工具调用没有结果时，修复补上结果并更新索引中的消息数
      When 我在会话存储中创建一个新会话
      And 我向会话追加以下消息:
        | 角色      | 内容     | 工具调用                        | 回复的调用 |
        | user      | 睡一会儿 |                                 |            |
        | assistant |          | call_1 Bash {"command":"sleep"} |            |
      And 我重新打开这个会话
      And 我修复这个会话
      Then 会话修复为调用 "call_1" 补上了中断结果
      And 会话目录中只有文件 "history.jsonl, index.json"
      And 会话列表中这个会话的消息数为 3
      When 我重新打开这个会话
      Then 会话加载时没有警告
      And 会话历史为:
        | 角色      | 内容       | 工具调用                        | 回复的调用 |
        | user      | 睡一会儿   |                                 |            |
        | assistant |            | call_1 Bash {"command":"sleep"} |            |
        | tool      | <中断结果> |                                 | call_1     |

    Scenario: 新建的会话没有警告，修复它什么都不做
      When 我在会话存储中创建一个新会话
      Then 新建的会话没有警告
      When 我修复这个会话
      Then 会话修复的报告为空
      And 会话目录中只有文件 "history.jsonl, index.json"

  Rule: 修复报告和由它转成的警告里，没有行号的一项不带行号字段

    Scenario: 读得出行号的消息带行号，本进程刚追加的消息不带，转成的警告也一样
      When 我在会话存储中创建一个新会话
      And 我向会话追加以下消息:
        | 角色 | 内容       | 工具调用 | 回复的调用 |
        | user | 你好       |          |            |
        | tool | 没人调用我 |          | call_9     |
      And 我重新打开这个会话
      And 我向会话追加以下消息:
        | 角色      | 内容       | 工具调用                     | 回复的调用 |
        | tool      | 又一个孤儿 |                              | call_8     |
        | assistant |            | call_1 Bash {"command":"ls"} |            |
      And 我修复这个会话，并把修复报告转成警告
      Then 修复报告中隔离的各项依次为（没有行号的一项不带行号字段）:
        | 文件          | 行 | 原因                                                                                        | 隔离文件                 |
        | history.jsonl | 2  | removed by the history repair (orphan_tool_result): tool result call_9 follows no tool call | history.quarantine.jsonl |
        | history.jsonl |    | removed by the history repair (orphan_tool_result): tool result call_8 follows no tool call | history.quarantine.jsonl |
      And 修复报告转成的警告依次为（没有行号的一条不带行号字段）:
        | 文件          | 行 | 消息                                                                                                                          | 隔离文件                 |
        | history.jsonl | 2  | removed by the history repair (orphan_tool_result): tool result call_9 follows no tool call; kept in history.quarantine.jsonl | history.quarantine.jsonl |
        | history.jsonl |    | removed by the history repair (orphan_tool_result): tool result call_8 follows no tool call; kept in history.quarantine.jsonl | history.quarantine.jsonl |
        | history.jsonl |    | tool call call_1 had no result; answered with an "[interrupted]" result                                                       |                          |

  Rule: 追加和记录用量总从新的一行开始，文件里不留空行

    Scenario: 同一个会话对象连续追加、重写后再追加、连续记录用量，文件里每一行都是一条记录
      Given 会话存储中有一个含 2 条消息的会话
      When 我向会话追加一条用户消息 "第三条"
      And 我向会话追加一条用户消息 "第四条"
      Then 会话的 "history.jsonl" 由 4 行 JSON 组成，没有空行
      When 我用原来的第 1、2 条消息重写会话历史
      And 我向会话追加一条用户消息 "重写后的第一条"
      Then 会话的 "history.jsonl" 由 3 行 JSON 组成，没有空行
      When 我为会话记录模型 "gpt-4o" 的用量: 输入 1、输出 2
      And 我为会话记录模型 "gpt-4o" 的用量: 输入 3、输出 4
      Then 会话的 "usage.jsonl" 由 2 行 JSON 组成，没有空行

    Scenario: 用量文件末尾有写了一半的一行时，不修复直接记录用量，新的一轮另起一行
      Given 会话存储中有一个含 2 条消息的会话
      When 我为会话记录模型 "gpt-4o" 的用量: 输入 120、输出 30
      And 会话用量文件末尾被追加了半行 JSON '{"model":"gpt-4o","usa'
      And 我重新打开这个会话
      And 我为会话记录模型 "gpt-4o-mini" 的用量: 输入 80、输出 20
      And 我重新打开这个会话
      Then 会话加载警告只有一条: usage.jsonl 第 2 行被跳过，原因包含 "not valid JSON"
      And 会话用量合计为: 输入 200、输出 50、总计 250
      And 会话用量按顺序记录了模型 "gpt-4o, gpt-4o-mini" 的各一轮调用

    Scenario: 修复把用量文件中写了一半的一行移走后，之后记录的用量不留空行
      Given 会话存储中有一个含 2 条消息的会话
      When 我为会话记录模型 "gpt-4o" 的用量: 输入 120、输出 30
      And 会话用量文件末尾被追加了半行 JSON '{"model":"gpt-4o","usa'
      And 我重新打开这个会话
      And 我修复这个会话
      And 我为会话记录模型 "gpt-4o-mini" 的用量: 输入 80、输出 20
      Then 会话的 "usage.jsonl" 由 2 行 JSON 组成，没有空行

    Scenario: 追加空的一批消息什么都不写，别的写者持有会话时也不报错
      Given 会话存储中有一个含 2 条消息的会话
      And 会话的写锁文件留给了一个正在运行的进程
      When 我向会话追加空的一批消息
      Then 会话的写锁文件原样保留
      When 我重新打开这个会话
      Then 会话历史只包含原来的第 1、2 条消息

    Scenario: flush 等到此前发起的每一次写入都落盘
      Given 会话存储中有一个含 2 条消息的会话
      When 我不等待地向会话逐条追加用户消息 "三, 四, 五"，然后等待 flush
      Then 会话的 "history.jsonl" 由 5 行 JSON 组成，没有空行

  Rule: 锁定的会话在关闭前一直持有写锁，每次写入后都不放下

    Scenario: 锁定会话后追加和记录用量，写锁文件一直在，关闭后才删除
      Given 会话存储中有一个含 2 条消息的会话
      When 我锁定这个会话
      And 我向会话追加一条用户消息 "继续"
      And 我为会话记录模型 "gpt-4o" 的用量: 输入 1、输出 2
      Then 会话目录中只有文件 "history.jsonl, index.json, usage.jsonl, writer.lock"
      When 我关闭这个会话
      Then 会话目录中只有文件 "history.jsonl, index.json, usage.jsonl"

  Rule: 重写在写历史文件时失败，index.json 也不会把旧的上下文统计配上新的历史

    Scenario: 历史文件的位置上变成了目录，重写失败并指明 history.jsonl，index.json 已不再带上下文统计
      Given 分词器已经建好
      And 会话存储中有一个含 3 条消息的会话
      When 会话历史文件被换成一个目录
      And 我尝试用原来的第 1 条消息重写会话历史
      Then 会话存储报错 SessionFileError，消息包含 "history.jsonl: it is a directory, where a file was expected (EISDIR)"
      And 会话的 index.json 中没有上下文统计

  Rule: 标题取第一条有文字的用户消息

    Scenario: 一批只有系统提示时还没有标题，之后的用户消息给出标题
      When 我在会话存储中创建一个新会话
      And 我向会话追加以下消息:
        | 角色   | 内容                         | 工具调用 | 回复的调用 |
        | system | You are a helpful assistant. |          |            |
      Then 会话没有标题
      When 我向会话追加一条用户消息 "真正的问题"
      Then 会话标题为 "真正的问题"

    Scenario: 内容为空的用户消息不给标题，同一批里之后的用户消息给出标题；index.json 丢失后重建出同样的标题
      When 我在会话存储中创建一个新会话
      And 我向会话追加以下消息:
        | 角色 | 内容   | 工具调用 | 回复的调用 |
        | user |        |          |            |
        | user | 第二条 |          |            |
      Then 会话标题为 "第二条"
      When 会话的 index.json 被删除
      And 我重新打开这个会话
      Then 会话标题为 "第二条"

    Scenario: 第一行只有空格时，标题取下一行
      When 我在会话存储中创建一个新会话
      And 我向会话追加一条用户消息，第一行只有空格，第二行是 "修复登录页"
      Then 会话标题为 "修复登录页"

    Scenario: 截断处正好是空格时，省略号前不留空格
      When 我在会话存储中创建一个新会话
      And 我向会话追加一条用户消息，内容是 58 个 "好" 接着 " 后面还有更多的字"
      Then 会话标题是 58 个 "好" 加上 "…"

  Rule: 错误消息确切说明问题

    Scenario: 追加的消息字段嵌套不合法时，错误给出字段的完整路径
      Given 会话存储中有一个含 2 条消息的会话
      When 我尝试向会话追加一条工具调用缺少 id 的助手消息
      Then 会话存储报错 TypeError，消息包含 "Not a chat message (position 0): tool_calls.0.id: Invalid input: expected string, received undefined"
      When 我尝试向会话追加 null
      Then 会话存储报错 TypeError，消息包含 "Not a chat message (position 0): root: Invalid input: expected object, received null"
      When 我重新打开这个会话
      Then 会话历史只包含原来的第 1、2 条消息

    Scenario: 用已经存在的会话 ID 创建会话时，错误指明这个 ID 和会话存储目录
      Given 会话存储中有一个含 2 条消息的会话
      When 我尝试在会话存储中以这个会话的 ID 创建会话
      Then 会话存储报错 Error，消息是这个会话的 ID 已在会话存储目录中存在

    Scenario: 以试图跳出会话目录的 ID 创建会话被拒绝，目录外什么都没有创建
      When 我尝试在会话存储中以 ID "../escaped" 创建会话
      Then 会话存储报错 InvalidSessionIdError，消息包含 "Invalid session id \"../escaped\""
      And 会话存储目录旁边没有 "escaped"

    Scenario: 不是字符串的会话 ID 被拒绝为非法 ID
      When 我尝试在会话存储中打开会话 ID 为数字 12345 的会话
      Then 会话存储报错 InvalidSessionIdError，消息包含 "Invalid session id \"12345\""

    Scenario: 删除不存在的会话时，错误指明会话不存在
      When 我尝试在会话存储中删除会话 "session-1700000000000-deadbeef"
      Then 会话存储报错 SessionNotFoundError，消息包含该会话 ID 和会话目录

    Scenario: 会话存储目录的路径长到放不下会话目录时，创建会话立即失败而不是一再重试
      Given 会话存储目录是一个已有的目录，路径长 4080 个字符
      When 我尝试在会话存储中创建一个新会话
      Then 会话存储报错，错误码为 "ENAMETOOLONG"

  Rule: 会话列表不需要会话存储目录已经存在，读不了的条目按名字排序

    Scenario: 会话存储目录还不存在时，列出会话得到空列表，也不创建目录
      When 我列出会话存储中的会话
      Then 会话列表为空
      And 会话存储目录不存在

    Scenario: 几个读不了的会话目录按名字顺序报告，与哪个先读完无关
      Given 会话存储目录中有一个 index.json 已损坏、大小为 8 MB 的会话目录 "session-1-0000000a"
      And 会话存储目录中有 index.json 已损坏的会话目录 "session-5-0000000e, session-4-0000000d, session-3-0000000c, session-2-0000000b"
      When 我列出会话存储中的会话
      Then 会话列表依次跳过了 "session-1-0000000a, session-2-0000000b, session-3-0000000c, session-4-0000000d, session-5-0000000e"

  Rule: 清理只把助手消息里非空的工具调用当作需要结果的一轮

    Scenario: 带工具调用的用户消息不是需要结果的一轮，原样保留
      Given 一段待清理的会话历史，每行一条 JSON 消息:
        """
        {"role":"user","content":"帮我看看","tool_calls":[{"id":"call_u","type":"function","function":{"name":"Bash","arguments":"{}"}}]}
        {"role":"assistant","content":"好的"}
        """
      When 我清理这段会话历史
      Then 清理后的会话历史与清理前完全相同
      And 会话清理没有移除任何消息

    Scenario: 工具调用为空数组的助手消息不是需要结果的一轮，之后的工具结果没有调用可回复
      Given 一段待清理的会话历史，每行一条 JSON 消息:
        """
        {"role":"user","content":"开始"}
        {"role":"assistant","content":"我想一下","tool_calls":[]}
        {"role":"tool","content":"无主","tool_call_id":"call_1"}
        """
      When 我清理这段会话历史
      Then 会话清理移除了:
        | 序号 | 原因               | 说明                                     |
        | 2    | orphan_tool_result | tool result call_1 follows no tool call |

  Rule: 上下文统计来自真实的分词器，但恢复和重写不重新分词：沿用 index.json 记下的统计，重写只减去删掉的消息
    这里把 index.json 记下的 token 数改成一个明显的数（100000），以看出统计是沿用的还是重新数的。

    Scenario: 恢复会话时，仍与历史文件对得上的统计被直接沿用
      Given 分词器已经建好
      And 会话存储中有一个含 3 条消息的会话
      When 会话的 index.json 中的 "context.tokenCount" 被改为 100000
      And 我重新打开这个会话
      Then 会话上下文统计的 token 数为 100000

    Scenario: 记下的统计之前有一行被跳过时不沿用，即使字节位置恰好对得上
      Given 分词器已经建好
      And 会话存储中有一个含 3 条消息的会话
      When 会话的 index.json 中的 "context.tokenCount" 被改为 100000
      And 会话历史文件第 1 行被换成一行坏行和一条用户消息，文件总长度不变
      And 我重新打开这个会话
      Then 会话加载警告只有一条: history.jsonl 第 1 行被跳过，原因包含 "not valid JSON"
      And 会话上下文统计与直接统计其历史的结果相同

    Scenario Outline: 重写只删掉消息时，统计由沿用的统计减去删掉的消息得出
      Given 分词器已经建好
      When 我在会话存储中创建一个新会话
      And 我向会话追加以下消息:
        | 角色      | 内容                                      | 工具调用                         | 回复的调用 |
        | user      | 列出当前目录                              |                                  |            |
        | assistant |                                           | call_1 Bash {"command":"ls -la"} |            |
        | tool      | a.txt b.txt c.txt 以及 d.txt、e.txt 和 f.md |                                  | call_1     |
        | assistant | 目录里一共有六个文件。                    |                                  |            |
      And 会话的 index.json 中的 "context.tokenCount" 被改为 100000
      And 我重新打开这个会话
      And 我用原来的第 <保留> 条消息重写会话历史
      Then 会话上下文统计的 token 数为 100000 减去原来的第 <删掉> 条消息的 token 数，消息数和工具调用数与直接统计的相同

      Examples:
        | 保留    | 删掉 |
        | 2、3    | 1、4 |
        | 1、3、4 | 2    |
        | 1、2、3 | 4    |

    Scenario Outline: 重写改变了消息的顺序或重复了消息时，统计重新数
      Given 分词器已经建好
      When 我在会话存储中创建一个新会话
      And 我向会话追加以下消息:
        | 角色      | 内容                                      | 工具调用                         | 回复的调用 |
        | user      | 列出当前目录                              |                                  |            |
        | assistant |                                           | call_1 Bash {"command":"ls -la"} |            |
        | tool      | a.txt b.txt c.txt 以及 d.txt、e.txt 和 f.md |                                  | call_1     |
        | assistant | 目录里一共有六个文件。                    |                                  |            |
      And 会话的 index.json 中的 "context.tokenCount" 被改为 100000
      And 我重新打开这个会话
      And 我用原来的第 <消息> 条消息重写会话历史
      Then 会话上下文统计与直接统计其历史的结果相同

      Examples:
        | 消息 |
        | 4、1 |
        | 1、1 |
        | 3、2 |

    Scenario Outline: 分几次追加、再用原来的第 <消息> 条消息重写后，统计与直接统计的相同
      Given 分词器已经建好
      When 我在会话存储中创建一个新会话
      And 我向会话追加以下消息:
        | 角色      | 内容         | 工具调用                         | 回复的调用 |
        | user      | 列出当前目录 |                                  |            |
        | assistant |              | call_1 Bash {"command":"ls -la"} |            |
      And 我向会话追加以下消息:
        | 角色      | 内容                                      | 工具调用 | 回复的调用 |
        | tool      | a.txt b.txt c.txt 以及 d.txt、e.txt 和 f.md |          | call_1     |
        | assistant | 目录里一共有六个文件。                    |          |            |
      Then 会话上下文统计与直接统计其历史的结果相同
      And 会话上下文统计的 token 数等于分词器对各条内容、工具名和参数分别计数之和
      When 我用原来的第 <消息> 条消息重写会话历史
      Then 会话上下文统计与直接统计其历史的结果相同

      Examples:
        | 消息    |
        | 2、3    |
        | 1、3、4 |
        | 1、2    |

  Rule: 运行器在会话的第一次交互之前就能报告它的用量

    Scenario: 指定了会话目录的运行器在第一次运行前报告零用量
      Given 使用 `sessionsDir=<TEST_DIR>` 创建 `AgentRunner`
      Then 运行器在第一次运行前报告的会话用量为零，没有任何一轮

  Rule: 文件系统拒绝写入时，错误指明写不了的文件
    文件权限对 root 不起作用：以 root 运行这些场景时，这一步临时换成普通用户（nobody）来做。

    Scenario: umask 让新建的会话目录不可写时，创建会话报错并指明 history.jsonl
      Given 会话存储目录已经存在，普通用户可以写
      When 我以普通用户、umask 0222 尝试在会话存储中创建一个新会话
      Then 会话存储报错 SessionFileError，消息是不能写新会话目录下的 "history.jsonl"，原因是 "permission denied (EACCES)"

    Scenario: 锁定会话时删不掉被杀掉的写入留下的临时文件，报错指明会话目录，写锁不留下
      Given 会话存储中有一个含 2 条消息的会话
      And 会话目录中有一个删不掉的临时目录 "history.jsonl.4242-0badc0de.tmp"
      When 我以普通用户尝试锁定这个会话
      Then 会话存储报错 SessionFileError，消息是不能写会话目录下的 "."，原因是 "permission denied (EACCES)"
      And 会话目录中只有文件 "history.jsonl, history.jsonl.4242-0badc0de.tmp, index.json"
