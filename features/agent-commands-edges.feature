@own @tools
Feature: Agent 命令的边界：分页与上限、读写错误、取消、glob 模式与遍历顺序
  `read` 把整页放进 96 KiB，页满之后最多再数 64 MiB 的行；以换行结尾的文件读出时最后的换行也在。读写中途的文件系统错误
  也是说明了路径的执行错误；取消的 `read` 立刻停下并关闭文件。`search` 在页满时就停下，超过时限时说明停在哪一行。
  glob 模式里 `]` 紧跟 `[` 时属于字符类，`**` 只在整段时跨越目录，候选可以嵌套；遍历只给出普通文件，
  按 JavaScript 的字符串顺序排列，而不依赖目录自己的顺序。

  Rule: read 的整页与计数上限

    Scenario: 以换行结尾的文件按 cat -n 读出，最后的换行也在
      Given Router 已就绪
      And 工作区文件 `note.txt` 的内容为 "one\ntwo\n"
      When 路由命令 `read note.txt`
      Then 命令结果应为 stdout "     1\tone\n     2\ttwo\n"、stderr ""、退出码 0

    Scenario: 空文件读出空内容；--offset 越过末尾是空窗口加一行说明，不是错误
      Given Router 已就绪
      And 工作区文件 `empty.txt` 的内容为 ""
      When 路由命令 `read empty.txt`
      Then 命令结果应为 stdout ""、stderr ""、退出码 0
      When 路由命令 `read empty.txt --offset 2`
      Then 命令结果应为 stdout "[--offset 2 is past the end: empty.txt has 0 lines]\n"、stderr ""、退出码 0

    Scenario: 连同行号恰好 96 KiB 的行都放进一页，再多一行就说明输出到了上限
      Given Router 已就绪
      And 工作区文件 `wide.txt` 有 97 行，每行 1016 个 "a"
      When 路由命令 `read wide.txt`
      Then 标准输出应有 97 行，最后一行是 "[lines 1-96 of 97; output capped at 96 KiB. Continue with: read wide.txt --offset 97 --limit 2000]"

    Scenario Outline: 页满之后恰好还有 64 MiB 时行数是确切的，多一个字节就说成“超过”（<大小> 字节）
      Given Router 已就绪
      And 工作区文件 `big.log` 有 1000 行 "0123456789"，之后是到 <大小> 字节的空洞
      When 路由命令 `read big.log --limit 1`
      Then 命令结果应为 stdout "     1\t0123456789\n[lines 1-1 of <总数>. Continue with: read big.log --offset 2 --limit 1]\n"、stderr ""、退出码 0

      # The page is the first line (11 bytes); 67108864 bytes are 64 MiB.
      Examples:
        | 大小     | 总数             |
        | 67108875 | 1001             |
        | 67108876 | more than 1001   |

  Rule: read 与 edit 中途的文件系统错误说明路径

    Scenario: read 打开之后读不出来（/proc/self/mem 的开头没有映射）
      Given Router 的沙箱模式为 "off"
      When 路由命令 `read /proc/self/mem`
      Then 命令结果应为 stdout ""、stderr "Cannot access /proc/self/mem: EIO: i/o error, read\n"、退出码 1

    Scenario: edit 读到了文本，写回时失败
      Given Router 的沙箱模式为 "off"
      When 路由命令 `edit /proc/self/status Name: x`
      Then 命令结果应为 stdout ""、stderr "Cannot access /proc/self/status: ESPIPE: invalid seek, write\n"、退出码 1

  Rule: read 不留下打开的文件

    Scenario: 读完之后文件已关闭
      Given Router 已就绪
      And 工作区文件 `note.txt` 的内容为 "one\n"
      When 路由命令 `read note.txt`
      Then 本进程与文件辅助进程都不应再打开工作区文件 `note.txt`

    Scenario: 取消一个还在读大文件的 read，它立刻停下并关闭文件
      Given Router 已就绪
      And 工作区文件 `huge.log` 有 1000 行 "0123456789"，之后是到 512 MB 的空洞
      When 路由命令 `read huge.log --limit 1`
      And 路由命令 `read huge.log --offset 2000` 并在 100 毫秒后取消
      Then 1000 毫秒内本进程与文件辅助进程都应不再打开工作区文件 `huge.log`

  Rule: search 的页满、时限与读不了的文件

    Scenario: 超过时限的 search 说明停在哪个文件的哪一行（每 5000 行才看一次时钟）
      Given Router 已就绪
      And 环境变量 `SYNAPSE_SEARCH_TIMEOUT=1`
      And 工作区文件 `many.txt` 有 12000 行 "the quick brown fox jumps over the lazy dog the quick brown fox jumps over the lazy dog the quick brown fox jumps over the lazy dog"
      When 路由命令 `search "[0-9]{3}-[0-9]{4}" many.txt`
      Then 命令结果应为 stdout ""、stderr "search /[0-9]{3}-[0-9]{4}/ timed out after 1 ms without finishing (0 matches so far, in many.txt at line 5000); narrow [path] or --glob, or use grep/rg\n"、退出码 1

    Scenario: 页满的 search 就此停下，不会再跑到时限
      Given Router 已就绪
      And 环境变量 `SYNAPSE_SEARCH_TIMEOUT=1`
      And 工作区文件 `many.txt` 有 12000 行 "the quick brown fox jumps over the lazy dog the quick brown fox jumps over the lazy dog the quick brown fox jumps over the lazy dog"
      When 路由命令 `search "[0-9]{3}|lazy" many.txt`
      Then 标准输出应有 501 行，最后一行是 "[more than 500 matches; narrow the search]"

    Scenario: search 跳过读不出来的文件
      Given Router 的沙箱模式为 "off"
      When 路由命令 `search x /proc/self/mem`
      Then 命令结果应为 stdout "No matches for /x/ in /proc/self/mem\n"、stderr ""、退出码 0

  Rule: heredoc 的写法：定界符可以不加引号或加双引号，正文可以为空，结束行之后不能再有文字

    Scenario Outline: 定界符<写法>时照常写出正文
      Given Router 已就绪
      When 路由命令:
        """
        write a.txt <<<定界符>
        first line
        EOF
        """
      Then 退出码应为 `0`
      And 工作区文件 `a.txt` 的内容应为 "first line\n"

      Examples:
        | 写法     | 定界符 |
        | 不加引号 | EOF    |
        | 加双引号 | "EOF"  |

    Scenario: 正文为空的 heredoc 写出一个空文件
      Given Router 已就绪
      When 路由命令:
        """
        write empty.txt <<'EOF'
        EOF
        """
      Then 退出码应为 `0`
      And 工作区文件 `empty.txt` 的内容应为 ""

    Scenario: 结束行之后还有文字是用法错误，什么文件都不写
      Given Router 已就绪
      When 路由命令:
        """
        write a.txt <<'EOF'
        body
        EOF
        more
        """
      Then 退出码应为 `1`
      And 命令结果的失败类别应为 `invalid_usage`
      And stderr 应包含 `Error: Unexpected text after the heredoc delimiter EOF`
      And 工作区中不应存在文件 `a.txt`

  Rule: TodoWrite 的用法错误

    Scenario: heredoc 里只有空白行等于没有给 JSON
      Given Router 已就绪
      When 路由命令:
        """
        TodoWrite <<'EOF'

        EOF
        """
      Then 退出码应为 `1`
      And stderr 应包含 `Error: Missing JSON parameter`

    Scenario: JSON 错误与待办列表错误都指向 TodoWrite --help
      Given Router 已就绪
      Then 依次路由下列命令，每条都应是 invalid_usage，stderr 给出错误与 --help 指引:
        | 情形         | 命令                  | 错误                     |
        | 不是 JSON    | TodoWrite 'not json'  | Invalid JSON format:     |
        | 不是待办列表 | TodoWrite '{}'        | Invalid todo list:       |

  Rule: glob 模式的字符类、** 与嵌套候选

    Scenario Outline: glob "<模式>" 在 <文件> 中列出 <列出>
      Given Router 已就绪
      And 工作区中有文件 "<文件>"
      When 路由命令 `glob "<模式>"`
      Then glob 列出的文件应为 "<列出>"

      Examples:
        | 模式            | 文件                                  | 列出                    |
        | *.ts            | a.ts, ats                             | a.ts                    |
        | src**/x.ts      | srcx.ts, src/x.ts, srcs/x.ts          | src/x.ts, srcs/x.ts     |
        | s*/**/x.ts      | src/x.ts, src/lib/x.ts                | src/lib/x.ts, src/x.ts  |
        | file[]1].txt    | file].txt, file1.txt, file2.txt       | file1.txt, file].txt    |
        | file[a^].txt    | filea.txt, file^.txt, file1.txt       | file^.txt, filea.txt    |
        | file[!12].txt   | file1.txt, file!.txt, filea.txt       | file!.txt, filea.txt    |
        | {{a,b},c}.txt   | a.txt, b.txt, c.txt, d.txt            | a.txt, b.txt, c.txt     |

  Rule: 遍历只给出普通文件，顺序与目录无关

    Scenario: glob 按 JavaScript 的字符串顺序（UTF-16 码元）列出，而不是目录给出的顺序
      Given Router 已就绪
      And 工作区中有文件 "Ａ.md, 𝒜.md, a.md"
      When 路由命令 `glob "*.md"`
      Then glob 列出的文件应为 "a.md, 𝒜.md, Ａ.md"

    Scenario: glob 不列出目录、FIFO 与符号链接（符号链接不跟随）
      Given Router 已就绪
      And 工作区中有文件 "a.txt, dir/inner.txt"
      And 工作区里有一个 FIFO `pipe`
      And 工作区里的 `link.txt` 是指向 `a.txt` 的符号链接
      When 路由命令 `glob "*"`
      Then 命令结果应为 stdout "a.txt\ntmp.txt\n"、stderr ""、退出码 0

    Scenario: 遍历最多进入给定层数的目录
      Given 工作区中有文件 "a.txt, src/x.ts, src/lib/z.ts"
      When 遍历工作区，最多进入 1 层目录
      Then 遍历给出的文件应为 "a.txt, src/x.ts"

    Scenario: 信号已经取消的遍历什么也不给出
      Given 工作区中有文件 "a.txt, src/x.ts"
      When 遍历工作区，信号已经取消
      Then 遍历给出的文件应为 "无"
