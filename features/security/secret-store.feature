@own @security @cli
Feature: synapse 自己的秘密不给工具
  `~/.synapse` 里有 synapse 自己的东西：设置（可能有 apiKey）、`synapse mcp login` 存下的 OAuth 令牌、信任记录、
  聊天历史与会话。沙箱在它（以及另设的 `SYNAPSE_SESSIONS_DIR`）上挂一个空的只读目录，shell 命令看不到也改不了；
  只有要让命令读的（技能目录、卸载的工具结果）重新挂进来。agent 命令（`read`、`glob`、`search`、`write`、`edit`）
  在任何模式下都拒绝它。没有 bubblewrap 时 shell 命令读得到这些文件，但设置里的 apiKey 与登录的令牌是已知的
  秘密值，出现在工具结果里会被遮盖。

  Background:
    Given CLI 的 HOME 在宿主的 /tmp 之外，其中 ~/.synapse 有带 apiKey 的设置、MCP 服务器 "notes" 的登录与技能 "hello"

  @bwrap
  Scenario Outline: 沙箱里的 shell 与 agent 命令都看不到 ~/.synapse：<命令>
    When CLI 用 exec 执行下面的命令:
      """
      <命令>
      """
    Then CLI 退出码应该是 <退出码>
    And CLI 标准错误应该包含 "<说明>"
    And CLI 的输出中不应有 ~/.synapse 里的 API 密钥与令牌

    Examples:
      | 命令                                           | 退出码 | 说明                                      |
      | cat <home>/.synapse/mcp/oauth/notes.json       | 1      | No such file or directory                 |
      | cat <home>/.synapse/settings.json              | 1      | No such file or directory                 |
      | touch <home>/.synapse/settings.json            | 1      | Read-only file system                     |
      | read <home>/.synapse/settings.json             | 126    | is hidden from commands: it is synapse's own |
      | glob <home>/.synapse/**/*.json                 | 126    | is hidden from commands: it is synapse's own |
      | search apiKey <home>/.synapse                  | 126    | is hidden from commands: it is synapse's own |

  @bwrap
  Scenario: 技能目录在 ~/.synapse 里也照样可读（它被重新挂进来）
    When CLI 用 exec 执行下面的命令:
      """
      cat <home>/.synapse/skills/hello/SKILL.md && ls <home>/.synapse
      """
    Then CLI 退出码应该是 0
    And CLI 标准输出应该是 "---\nname: hello\ndescription: says hello\n---\nhello from the skill\nskills"

  @bwrap
  Scenario: synapse run：模型用 shell 读登录文件与设置，什么也拿不到
    Given CLI 模型先用 Bash 执行 "cat ~/.synapse/mcp/oauth/notes.json; ls -A ~/.synapse"，再执行 "read ~/.synapse/settings.json"，然后回复 "nothing there"
    When CLI 运行 synapse "run --base-url <model> 'look around'"
    Then CLI 退出码应该是 0
    And CLI 模型收到的第 2 次请求中的工具结果应该包含 "No such file or directory"
    And CLI 模型收到的第 3 次请求中的工具结果应该包含 "is hidden from commands: it is synapse's own"
    And CLI 模型收到的请求中不应有 ~/.synapse 里的 API 密钥与令牌

  Scenario Outline: 没有 bubblewrap：agent 命令照样拒绝 ~/.synapse，shell 读到的令牌与 apiKey 被遮盖：<命令>
    When CLI 在没有 bubblewrap 时运行 synapse "exec '<命令>'"
    Then CLI 退出码应该是 <退出码>
    And CLI <流>应该包含 "<说明>"
    And CLI 的输出中不应有 ~/.synapse 里的 API 密钥与令牌

    Examples:
      | 命令                                         | 退出码 | 流     | 说明                                         |
      | read <home>/.synapse/settings.json           | 126    | 标准错误 | is hidden from commands: it is synapse's own |
      | write <home>/.synapse/settings.json {}       | 126    | 标准错误 | is hidden from commands: it is synapse's own |
      | read <home>/.synapse/no-such-file.json       | 126    | 标准错误 | is hidden from commands: it is synapse's own |
      | glob <home>/.synapse/**                      | 126    | 标准错误 | is hidden from commands: it is synapse's own |
      | cat <home>/.synapse/mcp/oauth/notes.json     | 0      | 标准输出 | [REDACTED]                                   |
      | cat <home>/.synapse/settings.json            | 0      | 标准输出 | [REDACTED]                                   |
