@own @cli @hooks
Feature: 命令改不了项目的 .synapse/：模型不能给自己种下钩子
  项目的设置文件（`<cwd>/.synapse/settings.json`、`settings.local.json`）在受信任的项目里生效，它们的钩子在沙箱之外
  运行。所以工具改不了 `.synapse/`（如同 Claude Code 保护 `.claude/`）：agent 命令 `write` / `edit` 在任何沙箱模式下
  都拒绝（按路径真正指向的位置判断，符号链接绕不过去）；workspace-write 沙箱把 `.synapse/` 只读挂载（没有就先建一个
  空目录来挂），shell 命令写不进、删不掉、也挪不走它。

  Scenario Outline: agent 命令 `<命令>` 被拒绝（--sandbox <沙箱>），文件没有出现
      Given CLI 工作目录中有文件 ".synapse/settings.local.json" 内容为 "{}"
      When CLI 运行 synapse "exec --sandbox <沙箱> <命令>"
      Then CLI 退出码应该是 126
      And CLI 标准错误应该包含 "is in the project's .synapse/ (its settings: hooks, permissions), which commands may not change"
      And CLI 工作目录中的文件 ".synapse/settings.local.json" 内容应该是 "{}"
      And CLI 工作目录中不应该有文件 ".synapse/settings.json"

      Examples:
        | 命令                                          | 沙箱            |
        | 'write .synapse/settings.json planted'        | workspace-write |
        | 'write .synapse/settings.json planted'        | off             |
        | 'edit .synapse/settings.local.json {} planted' | off             |

  Scenario: 经由指向 .synapse 的符号链接写也被拒绝
      Given CLI 工作目录中有文件 ".synapse/settings.local.json" 内容为 "{}"
      When CLI 运行 synapse "exec --sandbox off 'ln -s .synapse conf'"
      And CLI 运行 synapse "exec --sandbox off \"write conf/settings.json '{}'\""
      Then CLI 退出码应该是 126
      And CLI 标准错误应该包含 "which commands may not change"
      And CLI 工作目录中不应该有文件 ".synapse/settings.json"

  @bwrap
  Scenario: workspace-write 沙箱里 shell 命令写不进、删不掉、挪不走 .synapse/（没有时先建一个空目录来挂载）
      When CLI 运行 synapse "exec --sandbox workspace-write --approve-all 'mkdir -p .synapse; echo {} > .synapse/settings.json; rm -rf .synapse; mv .synapse elsewhere; touch ok.txt'"
      Then CLI 标准错误应该包含 ".synapse/settings.json: Read-only file system"
      And CLI 标准错误应该包含 "cannot remove '.synapse': Device or resource busy"
      And CLI 标准错误应该包含 "cannot move '.synapse' to 'elsewhere': Device or resource busy"
      And CLI 工作目录中不应该有文件 ".synapse/settings.json"
      And CLI 工作目录中应该有文件 ".synapse"
      And CLI 工作目录中应该有文件 "ok.txt"
