@own @session
Feature: 会话文件：读写错误、写锁与目录
  会话存储（session-store.feature）之下的文件层：写不了的文件给出指明文件、操作与原因的错误且不丢东西，
  会话用完就关掉它打开的文件，写锁只由它的持有者放下，接管遗留的写锁时不删掉别人刚取得的锁，
  不能用作会话目录的路径在写任何东西之前被拒绝。

  Background:
    Given 会话存储位于一个新的临时目录

  Rule: 写不了会话文件时，错误指明文件、操作和原因，原始的文件系统错误作为 cause 保留，已有的内容不受影响

    Scenario: history.jsonl 的位置上是一个目录时，追加被拒绝，错误指明这个文件
      Given 会话存储中有一个含 2 条消息的会话
      And 会话目录中 "history.jsonl" 的位置上是一个目录
      When 我尝试向会话追加一条用户消息 "继续"
      Then 会话操作报错 SessionFileError，消息为 "Cannot write <会话目录>/history.jsonl: it is a directory, where a file was expected (EISDIR)"
      And 这个错误的 cause 是错误码为 "EISDIR" 的文件系统错误
      And 会话目录中只有文件 "history.jsonl, index.json"

    Scenario: index.json 的位置上是一个目录时，改标题被拒绝，也不留下临时文件
      Given 会话存储中有一个含 2 条消息的会话
      And 会话目录中 "index.json" 的位置上是一个目录
      When 我尝试把会话标题设为 "新标题"
      Then 会话操作报错 SessionFileError，消息为 "Cannot write <会话目录>/index.json: it is a directory, where a file was expected (EISDIR)"
      And 会话目录中只有文件 "history.jsonl, index.json"

    Scenario: 已锁定的会话的目录被删掉后改标题，错误指明写不了的 index.json
      Given 会话存储中有一个含 2 条消息的会话
      When 我锁定这个会话
      And 会话目录被删除
      And 我尝试把会话标题设为 "新标题"
      Then 会话操作报错 SessionFileError，消息为 "Cannot write <会话目录>/index.json: ENOENT: no such file or directory (ENOENT)"
      And 这个错误的 cause 是错误码为 "ENOENT" 的文件系统错误

    Scenario: 会话目录被删掉后追加，错误指明取不到的写锁文件
      Given 会话存储中有一个含 2 条消息的会话
      When 会话目录被删除
      And 我尝试向会话追加一条用户消息 "继续"
      Then 会话操作报错 SessionFileError，消息为 "Cannot write <会话目录>/writer.lock: ENOENT: no such file or directory (ENOENT)"

    Scenario: 写锁文件的位置上是一个目录时，错误说明读不了它
      Given 会话存储中有一个含 2 条消息的会话
      And 会话的写锁文件的位置上是一个目录
      When 我尝试向会话追加一条用户消息 "继续"
      Then 会话操作报错 SessionFileError，消息为 "Cannot read <会话目录>/writer.lock: it is a directory, where a file was expected (EISDIR)"
      And 这个错误的 cause 是错误码为 "EISDIR" 的文件系统错误

    Scenario: 隔离文件的位置上是一个目录时修复被拒绝，读不了的那一行仍留在历史里
      When 我在会话存储中创建一个新会话
      And 我向会话追加以下消息:
        | 角色      | 内容 | 工具调用 | 回复的调用 |
        | user      | 你好 |          |            |
        | assistant | 你好 |          |            |
        | user      | 再见 |          |            |
      And 会话历史文件第 2 行被换成无法读取的字节
      And 我重新打开这个会话
      And 会话目录中 "history.quarantine.jsonl" 的位置上是一个目录
      And 我尝试修复这个会话
      Then 会话操作报错 SessionFileError，消息为 "Cannot write <会话目录>/history.quarantine.jsonl: it is a directory, where a file was expected (EISDIR)"
      When 我重新打开这个会话
      Then 会话加载警告只有一条: history.jsonl 第 2 行被跳过，原因包含 "not valid JSON"

  Rule: 会话的每次写入都关掉它打开的文件

    Scenario: 创建、追加、记录用量、重写、锁定和关闭之后，本进程不再打开会话目录或其中的任何文件
      Given 会话存储中有一个含 2 条消息的会话
      When 我为会话记录模型 "gpt-4o" 的用量: 输入 1、输出 2
      And 我用原来的第 2、1 条消息重写会话历史
      And 我锁定这个会话
      And 我向会话追加一条用户消息 "继续"
      And 我关闭这个会话
      Then 本进程没有打开会话目录或其中的任何文件

  Rule: 替换一个文件时，新内容在改名前刷到磁盘，改名后再刷目录，断电也只会留下旧的或新的文件

    Scenario: 重写会话历史时，每个文件的新内容和它所在的目录依次刷到磁盘
      Given 会话存储中有一个含 2 条消息的会话
      And 记下本进程把哪些文件刷到磁盘
      When 我用原来的第 2、1 条消息重写会话历史
      Then 依次刷到磁盘的是 "index.json 的临时文件, 会话目录, history.jsonl 的临时文件, 会话目录, index.json 的临时文件, 会话目录"

  Rule: 写锁只由它的持有者放下

    Scenario: 没有写过会话的对象关闭时，不动别的写者的锁
      Given 会话存储中有一个含 2 条消息的会话
      And 会话的写锁文件留给了一个正在运行的进程
      When 我关闭这个会话
      Then 会话的写锁文件原样保留

    Scenario: 写锁文件被人删掉、由另一个会话对象取得后，原来的持有者关闭时不动新持有者的锁
      Given 会话存储中有一个含 2 条消息的会话
      When 我锁定这个会话
      And 会话的写锁文件被删除
      And 会话的写锁文件留给了本进程里另一个打开它的会话对象
      And 我关闭这个会话
      Then 会话的写锁文件原样保留

    Scenario: 已经锁定的会话再锁定一次照常，关闭后不留下锁
      Given 会话存储中有一个含 2 条消息的会话
      When 我锁定这个会话
      And 我锁定这个会话
      Then 会话目录中只有文件 "history.jsonl, index.json, writer.lock"
      When 我关闭这个会话
      Then 会话目录中只有文件 "history.jsonl, index.json"

  Rule: 写锁的持有者还在就拒绝；接管遗留的写锁时，不删掉别的写者刚取得或正在取得的锁

    Scenario: 锁中记着持有者真实的启动时间，持有者还在运行：追加被拒绝，锁不动
      Given 会话存储中有一个含 2 条消息的会话
      And 会话的写锁文件属于一个正在运行的进程，并记着这个进程真实的启动时间
      When 我尝试向会话追加一条用户消息 "继续"
      Then 追加被拒绝：SessionLockedError 指明锁中那个正在运行的进程
      And 会话的写锁文件就是那个进程的锁

    Scenario: 另一个进程正在接管遗留的写锁时不抢着接管，等它换上自己的锁后按新持有者拒绝
      Given 会话存储中有一个含 2 条消息的会话
      And 会话的写锁文件留给了一个已经结束的进程
      And 另一个进程刚建好写锁接管目录，100 毫秒后换上一个正在运行的进程的锁并删掉接管目录
      When 我尝试向会话追加一条用户消息 "继续"
      Then 追加被拒绝：SessionLockedError 指明锁中那个正在运行的进程
      And 会话的写锁文件就是那个进程的锁

    Scenario Outline: 发现遗留的写锁后、删掉它之前，它已被换成<新内容>：不删，之后按新持有者拒绝
      Given 会话存储中有一个含 2 条消息的会话
      And 会话的写锁文件每被读一次就换一份内容，依次是:
        | 内容                     |
        | 一个已经结束的进程的锁   |
        | <新内容>                 |
        | 一个正在运行的进程的锁   |
      When 我尝试向会话追加一条用户消息 "继续"
      Then 追加被拒绝：SessionLockedError 指明锁中那个正在运行的进程
      And 会话的写锁文件还在

      Examples:
        | 新内容                 |
        | 一个正在运行的进程的锁 |
        | 一份还没写完的锁       |

    Scenario: 写锁文件既读不到又占着位置（指向不存在位置的符号链接）时，有限次尝试后报错，而不是一直等
      Given 会话存储中有一个含 2 条消息的会话
      And 会话的写锁文件是一个指向不存在位置的符号链接
      When 我尝试向会话追加一条用户消息 "继续"
      Then 会话操作报错 Error，消息为 "Could not take the writer lock <会话目录>/writer.lock: it kept changing hands"
      When 我重新打开这个会话
      Then 会话历史只包含原来的第 1、2 条消息

  Rule: 取得写锁时只清理名字正是被杀掉的写入留下的临时文件的条目

    Scenario: 名字像临时文件的目录也被清理，名字只是以它开头的文件不动
      Given 会话存储中有一个含 2 条消息的会话
      And 会话目录中有文件 "history.jsonl.12-0badc0de.tmp.bak"
      And 会话目录中有一个里面有文件的目录 "index.json.99-deadbeef.tmp"
      When 我锁定这个会话
      Then 会话目录中只有文件 "history.jsonl, history.jsonl.12-0badc0de.tmp.bak, index.json, writer.lock"

  Rule: 会话存储目录的位置被一个断开的符号链接占着时，创建会话被拒绝并指明是哪一级

    Scenario Outline: 会话存储目录<情形>
      Given 临时目录中的 "link" 是一个指向不存在的 "nowhere" 的符号链接
      And 会话存储目录是 "<目录>"
      When 我尝试在会话存储中创建一个新会话
      Then 会话操作报错 SessionsDirError，消息为 "<错误>"

      Examples:
        | 情形                         | 目录                     | 错误                                                                                          |
        | 本身是断开的符号链接         | <临时目录>/link          | Sessions directory <临时目录>/link cannot be created (already exists)                          |
        | 的上级是断开的符号链接       | <临时目录>/link/sessions | Sessions directory <临时目录>/link/sessions cannot be created (<临时目录>/link: already exists) |

  Rule: 建目录的每种失败都以 DirectoryError 结束，消息指明目录并用文字说明原因

    Scenario Outline: 建目录时<情形>
      Given 临时目录中有一个普通文件 "occupied"
      When 我尝试在临时目录中建目录 "<路径>"
      Then 建目录报错 DirectoryError，消息为 "<错误>"

      Examples:
        | 情形                 | 路径         | 错误                                                                    |
        | 位置上是一个普通文件 | occupied     | <临时目录>/occupied: exists but is not a directory                       |
        | 上级是一个普通文件   | occupied/sub | <临时目录>/occupied/sub: a parent of it is a file, not a directory       |

  Rule: 会话文件错误只包装文件系统错误，别的原样交出

    Scenario Outline: 包装<情形>
      When 把<值>包装为写 "/data/s/index.json" 时的会话文件错误
      Then 得到<结果>

      Examples:
        | 情形                         | 值                                         | 结果                    |
        | 已经包装过的会话文件错误     | 一个已经包装过的会话文件错误               | 原来那个错误            |
        | 没有错误码的错误             | 一个消息为 "boom" 的 TypeError             | 原来那个错误            |
        | 不是错误对象的值             | null                                       | 一个消息为 "null" 的 Error |

    Scenario: 描述不是错误对象的值时，就用它的文字
      When 描述一个不是错误对象的值 null
      Then 这个值被描述为 "null"

  Rule: 隔离记录读回原样的字节

    Scenario Outline: 从<情形>的隔离记录读回字节
      When 从隔离记录 <记录> 读回字节
      Then 读回的字节是十六进制 "<字节>"

      Examples:
        | 情形                 | 记录                   | 字节         |
        | 以文字保存           | {"text":"é"}           | c3a9         |
        | 以 base64 保存       | {"base64":"//4AgA=="}  | fffe0080     |
        | 文字和 base64 都没有 | {}                     |              |
