@own @cli @hooks
Feature: 命令改不了项目的 .synapse/：模型不能给自己种下钩子
  项目的设置文件（`<cwd>/.synapse/settings.json`、`settings.local.json`）在受信任的项目里生效，它们的钩子在沙箱之外
  运行。所以沙箱模式不是 off 时工具改不了 `.synapse/`（如同 Claude Code 保护 `.claude/`）：agent 命令 `write` /
  `edit` 拒绝它（由内核判断真正打开的是什么，符号链接绕不过去，见 features/security/protected-files.feature）；
  workspace-write 沙箱把 `.synapse/` 只读挂载（没有就先建一个空目录来挂），shell 命令写不进、删不掉、也挪不走它。
  沙箱 off 时 shell 命令本来就什么都能写，agent 命令也不另设一道按名字的检查。

  Scenario Outline: agent 命令 `<命令>` 被拒绝（--sandbox workspace-write），文件没有出现
      Given CLI 工作目录中有文件 ".synapse/settings.local.json" 内容为 "{}"
      When CLI 运行 synapse "exec --sandbox workspace-write <命令>"
      Then CLI 退出码应该是 126
      And CLI 标准错误应该包含 "is protected: commands may not change .synapse in the workspace"
      And CLI 工作目录中的文件 ".synapse/settings.local.json" 内容应该是 "{}"
      And CLI 工作目录中不应该有文件 ".synapse/settings.json"

      Examples:
        | 命令                                           |
        | 'write .synapse/settings.json planted'         |
        | 'edit .synapse/settings.local.json {} planted' |

  @bwrap
  Scenario: workspace-write 沙箱里 shell 命令写不进、删不掉、挪不走 .synapse/（没有时先建一个空目录来挂载）
      When CLI 运行 synapse "exec --sandbox workspace-write --approve-all 'mkdir -p .synapse; echo {} > .synapse/settings.json; rm -rf .synapse; mv .synapse elsewhere; touch ok.txt'"
      Then CLI 标准错误应该包含 ".synapse/settings.json: Read-only file system"
      And CLI 标准错误应该包含 "cannot remove '.synapse': Device or resource busy"
      And CLI 标准错误应该包含 "cannot move '.synapse' to 'elsewhere': Device or resource busy"
      And CLI 工作目录中不应该有文件 ".synapse/settings.json"
      And CLI 工作目录中应该有文件 ".synapse"
      And CLI 工作目录中应该有文件 "ok.txt"
