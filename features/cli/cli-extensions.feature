@own @cli
Feature: synapse 与扩展：mcp:*、skill:*、synapse mcp list 与 synapse skills
  CLI 经由同一套库调用 MCP 服务器与技能：`exec` 与 `run` 接受 --mcp-config 与 --skills-dir（可重复），
  `synapse mcp list` 与 `synapse skills list|show` 给人看。每个场景运行构建好的 dist/cli.js 子进程，
  有自己的工作目录与 HOME；服务器来自 npm，命令行带着场景的标记，CLI 退出后用 pgrep 确认它们都已结束。
  HTTP 传输也在这里验证：服务器只监听 127.0.0.1。工作目录里的 mcp_servers.json 只在项目受信任时启动
  （见 features/security/project-trust.feature），这里的场景把工作目录记进了信任记录。

  Scenario: exec "mcp:list" 列出 --mcp-config 里 server-everything 的工具，退出后不留服务器进程
    Given CLI 工作目录的 "servers.json" 中有 MCP 服务器 "everything"：server-everything
    When CLI 运行 synapse "exec --mcp-config <work>/servers.json mcp:list"
    Then CLI 退出码应该是 0
    And CLI 标准输出应该包含 "everything  ready (stdio, 19 tools)"
    And CLI 标准输出应该包含 "  get-sum"
    And 本场景不应有 MCP 服务器进程在运行

  Scenario: exec 调用一个工具并打印它的结果
    Given CLI 工作目录的 "mcp_servers.json" 中有 MCP 服务器 "everything"：server-everything
    And CLI 的信任记录里有工作目录
    When CLI 用 exec 执行下面的命令:
      """
      mcp:everything:echo {"message":"hi"}
      """
    Then CLI 退出码应该是 0
    And CLI 标准输出应该是 "Echo: hi"
    And 本场景不应有 MCP 服务器进程在运行

  Scenario: synapse mcp list --json：服务器、来源、传输、状态与工具
    Given CLI 工作目录的 "mcp_servers.json" 中有 MCP 服务器 "everything"：server-everything
    And CLI 的信任记录里有工作目录
    When CLI 运行 synapse "mcp list --json"
    Then CLI 退出码应该是 0
    And CLI JSON 清单中服务器 "everything" 应该是来自 "<work>/mcp_servers.json" 的 ready stdio 服务器，工具包括 "echo, get-sum, get-env"
    And 本场景不应有 MCP 服务器进程在运行

  Scenario: Streamable HTTP（127.0.0.1）：经由 URL 连接，配置的 headers 随每个请求发送，退出时以 DELETE 结束会话
    Given server-everything 在 127.0.0.1 上以 Streamable HTTP 提供服务，前面有记录请求的代理
    And CLI 工作目录的 "mcp_servers.json" 中有 MCP 服务器 "remote"，URL 为该代理，headers 为 `{"X-Synapse-Token": "token-123"}`
    And CLI 的信任记录里有工作目录
    When CLI 用 exec 执行下面的命令:
      """
      mcp:remote:echo {"message": "over http"}
      """
    Then CLI 退出码应该是 0
    And CLI 标准输出应该是 "Echo: over http"
    And 代理转发的每个请求都应该带有请求头 "x-synapse-token" 为 "token-123"
    And 代理应该转发过一个结束会话的 DELETE 请求
    When CLI 运行 synapse "mcp list"
    Then CLI 标准输出应该包含 "remote  ready (streamable-http, 19 tools)"

  Scenario: 老式 HTTP+SSE 服务器：Streamable HTTP 被拒绝后回退到 SSE
    Given server-everything 在 127.0.0.1 上以老式 SSE 提供服务
    And CLI 工作目录的 "mcp_servers.json" 中有 MCP 服务器 "legacy"，URL 为该服务器
    And CLI 的信任记录里有工作目录
    When CLI 用 exec 执行下面的命令:
      """
      mcp:legacy:echo {"message": "over sse"}
      """
    Then CLI 退出码应该是 0
    And CLI 标准输出应该是 "Echo: over sse"
    When CLI 运行 synapse "mcp list"
    Then CLI 标准输出应该包含 "legacy  ready (sse, 19 tools)"

  Scenario: 首次 run 在期限内启动工具未知的服务器，系统提示列出它的工具；退出后不留服务器进程
    Given CLI 工作目录的 "mcp_servers.json" 中有 MCP 服务器 "everything"：server-everything
    And CLI 的信任记录里有工作目录
    And CLI 的环境变量 "SYNAPSE_MCP_START_DEADLINE" 为 "60000"
    And CLI 模型会回复 "no tools needed"
    When CLI 运行 synapse "run --no-session --base-url <model> 'just answer'"
    Then CLI 退出码应该是 0
    And CLI 模型收到的系统提示应该包含 "- everything: echo, get-annotated-message, get-env"
    And 本场景不应有 MCP 服务器进程在运行

  Scenario Outline: 指向不存在路径的 <参数>：一行错误，退出码 2，什么也不运行
    When CLI 运行 synapse "exec <参数> <work>/nowhere 'echo ran > ran.txt'"
    Then CLI 退出码应该是 2
    And CLI 标准错误应该只有一行且包含 "<参数> "
    And CLI 标准错误应该包含 "nowhere does not exist"
    And CLI 工作目录中不应该有文件 "ran.txt"

    Examples:
      | 参数         |
      | --mcp-config |
      | --skills-dir |

  Scenario: README 的技能演示离线可用：子代理找到技能，模型加载它并运行它的脚本
    Given CLI 工作目录中有文件 "src/main.js" 内容为 "console.log('hi');"
    When CLI 运行 synapse "run --no-session --json --fixture fixtures/demo-skill.json --skills-dir fixtures/skills 'How big is this project?'"
    Then CLI 退出码应该是 0
    And CLI JSON 输出中命令 "task:skill:search measure the size of a codebase: files and lines per language" 的结果应该包含 "project-stats fits"
    And CLI JSON 输出中命令 "skill:load project-stats" 的结果应该包含 "# Project statistics"
    And CLI JSON 输出中命令 "skill:project-stats:stats" 的结果应该包含 "js              1        1  100.0%"
    And CLI JSON 输出的最后一行应该是 isError 为 false 的 result，文本包含 "project-stats skill"

  Scenario: synapse skills list 与 show；未知的技能退出码 2
    When CLI 运行 synapse "skills list --skills-dir fixtures/skills"
    Then CLI 退出码应该是 0
    And CLI 标准输出应该包含 "word-count      Count the lines, words and characters of text files."
    When CLI 运行 synapse "skills show word-count --skills-dir fixtures/skills"
    Then CLI 退出码应该是 0
    And CLI 标准输出应该包含 "Run `skill:word-count:count <file>...`"
    And CLI 标准输出应该包含 "scripts/count.sh   run: skill:word-count:count [args]"
    When CLI 运行 synapse "skills show no-such-skill --skills-dir fixtures/skills"
    Then CLI 退出码应该是 2
    And CLI 标准错误应该只有一行且包含 'unknown skill "no-such-skill"'

  Scenario: skills list/show --json 给脚本读；没有技能时说明找过哪些目录；坏技能与坏的 MCP 配置是 stderr 上的警告
    Given CLI 工作目录中有文件 ".agents/skills/Bad_Name/SKILL.md" 内容为 "no front matter"
    And CLI 工作目录中有文件 "mcp_servers.json" 内容为 '{"mcpServers": {"bad": {"command": 1}}}'
    When CLI 运行 synapse "skills list"
    Then CLI 退出码应该是 0
    And CLI 标准输出应该包含 "no skills in "
    And CLI 标准错误应该包含 "synapse: warning: skill "
    And CLI 标准错误应该包含 "/.agents/skills/Bad_Name/SKILL.md: skipped: SKILL.md must start with YAML front matter"
    When CLI 运行 synapse "skills list --json --skills-dir fixtures/skills"
    Then CLI 退出码应该是 0
    And CLI JSON 输出的最后一行的 "skills.2.name" 应该是 "word-count"
    And CLI JSON 输出的最后一行的 "warnings" 应该包含 "/.agents/skills/Bad_Name/SKILL.md: skipped"
    When CLI 运行 synapse "skills show word-count --json --skills-dir fixtures/skills"
    Then CLI 退出码应该是 0
    And CLI JSON 输出的最后一行的 "scripts.0.name" 应该是 "count"
    When CLI 运行 synapse "mcp list"
    Then CLI 退出码应该是 0
    And CLI 标准错误应该包含 "synapse: warning: MCP config "
    And CLI 标准错误应该包含 "mcp_servers.json: mcpServers.bad.command: Invalid input: expected string, received number"
    And CLI 标准输出应该包含 "No MCP servers are configured."

  Scenario: exec 运行技能脚本：参数原样传给脚本，工作目录是 CLI 的工作目录
    Given CLI 工作目录中有文件 "notes.txt" 内容为 "one two three"
    When CLI 运行 synapse "exec --skills-dir fixtures/skills 'skill:word-count:count notes.txt'"
    Then CLI 退出码应该是 0
    And CLI 标准输出应该包含 "0        3       13  notes.txt"

  Scenario: 终端上的人回答 MCP 服务器的征询：先选回答，再填必填字段，可选字段可以跳过；结果回到服务器
    Given CLI 工作目录的 "mcp_servers.json" 中有 MCP 服务器 "everything"：server-everything
    And CLI 的信任记录里有工作目录
    When CLI 在伪终端里运行 synapse "exec mcp:everything:trigger-elicitation-request"，依次回答:
      | 提示                                          | 按键       |
      | MCP server "everything" asks: Please provide  | 回车       |
      | String                                        | Ada、回车  |
      | Also fill in the 12 optional fields?          | 回车       |
    Then CLI 退出码应该是 0
    And CLI 标准输出应该包含 "\"name\": \"Ada\""
    And CLI 标准输出应该包含 "[mcp] MCP server \"everything\" asked a person for input (\"Please provide inputs for the following fields:\"): accept"
    And 本场景不应有 MCP 服务器进程在运行

  Scenario: 试用如新用户：run 经由脚本化的模型调用采样工具，--approve-all 批准采样，同一份脚本也回答服务器的采样请求
    When CLI 运行 synapse "run --no-session --json --approve-all --mcp-config fixtures/mcp-everything.json --fixture fixtures/demo-mcp-sampling.json 'Let the server sample'"
    Then CLI 退出码应该是 0
    And CLI JSON 输出中命令 "mcp:everything:trigger-sampling-request --prompt \"name a colour\" --maxTokens 20" 的结果应该包含 "\"text\": \"teal\""
    And CLI JSON 输出中命令 "mcp:everything:trigger-sampling-request --prompt \"name a colour\" --maxTokens 20" 的结果应该包含 "[mcp] MCP server \"everything\" used the model (sampling): scripted-demo answered"
    And CLI JSON 输出的最后一行应该是 isError 为 false 的 result，文本包含 "the model said teal"

  Scenario: 试用如新用户：照公开示例仓库的样子写成的技能目录，每个合规的技能都能加载，脚本照常运行；不合规的说明原因
    When CLI 运行 synapse "skills list --json --skills-dir fixtures/skills-public-style"
    Then CLI 退出码应该是 0
    And CLI JSON 输出中的技能应该正好是 "brand-guidelines, docx, mcp-builder, pdf, skill-creator, webapp-testing"
    And CLI JSON 输出的最后一行的 "warnings" 应该包含 "template/SKILL.md: skipped: name \"template-skill\" must equal the folder name \"template\""
    And CLI JSON 输出的最后一行的 "warnings" 应该包含 "skill-creator/SKILL.md: the front matter is not strict YAML (an unquoted \": \" in description); read leniently"
    When CLI 运行 synapse "exec --skills-dir fixtures/skills-public-style 'skill:skill-creator:quick_validate ../pdf'"
    Then CLI 标准输出应该是 "../pdf: valid"
    When CLI 运行 synapse "exec --skills-dir fixtures/skills-public-style 'skill:docx:office/unpack report.docx out'"
    Then CLI 标准输出应该是 "unpack report.docx out"
    When CLI 运行 synapse "exec --skills-dir fixtures/skills-public-style 'skill:load mcp-builder'"
    Then CLI 标准输出应该包含 "reference/mcp_best_practices.md"

  Scenario: 终端上填写征询的全部字段：是非、默认值、数字的范围（超出时当场指出）、单选与多选（带标题的选项、旧式 enumNames）
    Given CLI 工作目录的 "mcp_servers.json" 中有 MCP 服务器 "everything"：server-everything
    And CLI 的信任记录里有工作目录
    When CLI 在伪终端里运行 synapse "exec mcp:everything:trigger-elicitation-request"，依次回答:
      | 提示                                     | 按键                  |
      | MCP server "everything" asks: Please     | 回车                  |
      | String (Your full, legal name)           | Ada、回车             |
      | Also fill in the 12 optional fields?     | y、回车               |
      | Boolean (Agree to the terms              | y、回车               |
      | String with default                      | 回车                  |
      | String with email format                 | ada@example.org、回车 |
      | String with uri format                   | 回车                  |
      | String with date format                  | 回车                  |
      | Integer (Your favorite integer           | 500、回车             |
      | at most 100                              | 退格、退格、退格、7、回车 |
      | Number in range 1-1000                   | 回车                  |
      | Untitled Single Select Enum              | 下、回车              |
      | Untitled Multiple Select Enum            | 回车                  |
      | Titled Single Select Enum                | 回车                  |
      | Titled Multiple Select Enum              | 下、空格、回车        |
      | Legacy Titled Single Select Enum         | 下、下、回车          |
    Then CLI 退出码应该是 0
    And CLI 标准输出应该包含 "- Agreed to terms: true"
    And CLI 标准输出应该包含 "- Email: ada@example.org"
    And CLI 标准输出应该包含 "- Favorite Integer: 7"
    And CLI 标准输出应该包含 "- Favorite Number: 3.14"
    And CLI 标准输出应该包含 "\"untitledSingleSelectEnum\": \"Rachel\""
    And CLI 标准输出应该包含 "\"Guitar\""
    And CLI 标准输出应该包含 "\"titledSingleSelectEnum\": \"hero-1\""
    And CLI 标准输出应该包含 "\"legacyTitledEnum\": \"pet-3\""
    And CLI 标准输出应该包含 "\"fish-2\""

  Scenario: synapse run 在终端上同样把服务器的征询交给人回答，回答回到模型收到的工具结果
    Given CLI 工作目录的 "mcp_servers.json" 中有 MCP 服务器 "everything"：server-everything
    And CLI 的信任记录里有工作目录
    And CLI 模型先用 Bash 执行 "mcp:everything:trigger-elicitation-request"，然后回复 "Thanks, Ada."
    When CLI 在伪终端里运行 synapse "run --no-session --base-url <model> 'Ask me for my details'"，依次回答:
      | 提示                                     | 按键      |
      | MCP server "everything" asks: Please     | 回车      |
      | String (Your full, legal name)           | Ada、回车 |
      | Also fill in the 12 optional fields?     | 回车      |
    Then CLI 退出码应该是 0
    And CLI 模型收到的第 2 次请求中的工具结果应该包含 "- Name: Ada"
    And CLI 模型收到的第 2 次请求中的工具结果应该包含 "asked a person for input (\"Please provide inputs for the following fields:\"): accept"
