@own @security
Feature: 有界的工具：模型选的参数不能拖垮进程
  模型选择正则、路径和参数。`search` 用线性时间的 RE2 引擎（re2js），并且分片让出事件循环、有总时限，
  超时是一个说明了模式的工具错误；`read` 流式读取（从不整个载入），拒绝不是普通文件的东西（`/dev/zero`、FIFO），
  截断过长的行、限制输出总量，并说明被截掉了什么、怎样读其余部分；进入历史的每个工具输出都有上限；
  token 计数是线性的，一个超长的“单词”分块计数。

  Rule: search 不会卡住进程

    Scenario: 灾难性回溯的正则在截止时间内给出正确的结论
      Given Router 已就绪
      And 工作区文件 `line.txt` 是一行 50000 个 "a" 再加一个 "!"
      When 路由命令 `search "(a+)+$" line.txt`
      Then 命令结果应为 stdout "No matches for /(a+)+$/ in line.txt\n"、stderr ""、退出码 0
      And 命令应在 2000 毫秒内结束

    Scenario: 超过时限的 search 是一个说明了模式的工具错误
      Given Router 已就绪
      And 环境变量 `SYNAPSE_SEARCH_TIMEOUT=1`
      And 工作区文件 `many.txt` 有 50000 行 "some text"
      When 路由命令 `search "nothing-like-this" many.txt`
      Then 命令应失败，输出包含 "search /nothing-like-this/ timed out after 1 ms"

    Scenario: RE2 不支持的语法是用法错误，并说明原因
      Given Router 已就绪
      When 路由命令 `search "(?=look)ahead" .`
      Then 命令应失败，输出包含 "RE2 syntax: no lookaround or backreferences"
      And 命令结果的失败类别应为 `invalid_usage`

  Rule: read 流式读取，只读普通文件，输出有上限

    Scenario Outline: read 拒绝不是普通文件的 <对象>，并立刻返回（<把关>）
      Given Router 的沙箱模式为 "workspace-write"（<把关>）
      And 工作区里有一个 FIFO `pipe`
      When 路由命令 `read <路径> --limit 1`
      Then 命令应失败，输出包含 "it is not a regular file (<类型>)"
      And 命令应在 2000 毫秒内结束

      @bwrap
      Examples: 有 bubblewrap
        | 对象      | 路径      | 类型               | 把关            |
        | /dev/zero | /dev/zero | a character device | bubblewrap 把关 |
        | FIFO      | pipe      | a FIFO             | bubblewrap 把关 |

      Examples: 没有 bubblewrap
        | 对象      | 路径      | 类型               | 把关            |
        | /dev/zero | /dev/zero | a character device | 没有 bubblewrap |
        | FIFO      | pipe      | a FIFO             | 没有 bubblewrap |

    Scenario: 3 MB 的单行文件：行被截断，并说明截掉了多少
      Given Router 已就绪
      And 工作区文件 `line.txt` 是一行 3000000 个 "x" 再加一个 "!"
      When 路由命令 `read line.txt`
      Then 命令输出应包含 "[line cut: 2998001 more characters]"
      And 标准输出应少于 4 KiB

    Scenario: 很多行的大文件：输出在上限处结束，并说明怎样读其余部分
      Given Router 已就绪
      And 工作区文件 `many.txt` 有 50000 行 "a line of about a hundred characters, the kind of line a log file or a minified bundle is made of."
      When 路由命令 `read many.txt`
      Then 标准输出应少于 97 KiB
      And 命令输出应包含 "of 50000; output capped at 96 KiB. Continue with: read many.txt --offset"

  Rule: 进入历史的每个工具输出都有上限

    Scenario: 扩展返回 1 MB 的输出，路由器只保留首尾并说明省略了多少
      Given Router 注入了返回 1048576 字节输出的 MCP 处理器
      When 路由命令 `mcp:big:dump`
      Then 标准输出应带截断标记，保留的字节数与省略的字节数之和为 1048576

    Scenario Outline: 截断处不切开多字节字符：首尾都是完整的字符，省略的字节数把被截开的字符算在内（<情形>）
      Given Router 注入了一个 MCP 处理器，它的输出是 <个数> 个 "<字符>" 再加 "<结尾>"
      When 路由命令 `mcp:big:dump`
      Then 标准输出应带截断标记，两边都是完整的字符，首尾各保留最多 65536 字节、少也少不到一个字符，保留的字节数与省略的字节数之和为 <字节数>

      Examples:
        | 情形                     | 个数   | 字符 | 结尾 | 字节数 |
        | 三字节的汉字，尾部从第二个字节开始 | 100000 | 中   | ab   | 300002 |
        | 四字节的表情，尾部从第二个字节开始 | 100000 | 😀   | a    | 400001 |

  Rule: token 计数是线性的

    Scenario: 128 KiB 的单个“单词”在一秒内计数完（分词器已经建好之后）
      When 统计一条内容为 131072 个 "a" 的工具消息的上下文
      Then 计数应在 1000 毫秒内完成，token 数大于 0
