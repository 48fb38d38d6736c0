@own @cli
Feature: synapse chat：在真实的伪终端里对话
  `synapse chat`（以及终端上不带命令的 `synapse`）是一个 REPL：提示符 `You>`，流式的回答，工具活动，
  行内审批，多行输入，跨会话的输入历史，Ctrl-C 中断这一轮而不是程序，Ctrl-D 或 /exit 退出。
  这里的每个场景都在 node-pty 提供的真实伪终端里运行构建好的 CLI，按键与人按下的一样。

  Rule: README 的演示：三轮对话、/cost、/context、工具运行中的 Ctrl-C、/exit

    Scenario: 离线演示的三轮对话
      When 在伪终端里启动 synapse "chat --fixture fixtures/demo-chat.json"
      And 在终端里输入 "What is here?"
      And 在终端里输入 "Write a haiku to haiku.txt"
      Then 终端上应该显示 "+ A frog jumps into the pond"
      And CLI 工作目录中的文件 "haiku.txt" 应该包含 "A frog jumps into the pond"
      When 在终端里输入 "/cost"
      Then 终端上应该显示 "total tokens:      3,789"
      When 在终端里输入 "/context"
      Then 终端上应该显示 "% of 128,000 tokens (scripted-demo)"
      When 在终端里输入 "Run the slow check"，等到出现 "$ sleep 5 && wc -l haiku.txt"
      And 在终端里按下 Ctrl-C
      Then 终端上应该显示 "⏹ interrupted"
      And 终端上不应该显示 "exit 130"
      When 在终端里输入 "/exit"，等到出现 "Goodbye!"
      Then 终端里的 synapse 应该以退出码 0 结束

  Rule: 输入

    Scenario: 行尾的反斜杠续到下一行，两行作为一条消息发出
      Given CLI 模型会回复 "Two lines received."
      When 在伪终端里启动 synapse "chat --base-url <model> --no-skill-search"
      And 在终端里输入以反斜杠结尾的 "first line "，等到出现 "...> "
      And 在终端里输入 "second line"
      Then 终端上应该显示 "Two lines received."
      And CLI 模型收到的首条 user 消息应该是两行 "first line " 与 "second line"

    Scenario: 提示符处的 Ctrl-C 清空正在输入的一行，程序继续
      When 在伪终端里启动 synapse "chat --base-url <model>"
      And 在终端里键入 "half typed" 后按下 Ctrl-C
      And 在终端里输入 "/model"
      Then 终端上应该显示 "Model: gpt-4o-mini"
      And CLI 模型应该收到 0 次请求

    Scenario: 输入历史跨会话保存，上箭头取回上一次聊天里输入的话
      Given CLI 模型会回复 "Noted."
      When 在伪终端里启动 synapse "chat --base-url <model>"
      And 在终端里输入 "remember this line"
      And 在终端里按下 Ctrl-D
      And 在伪终端里启动 synapse "chat --base-url <model>"
      And 在终端里按下 上箭头
      Then 终端上应该显示 "You> remember this line"

    Scenario: 回答流式输出时键入的字不会打乱回答，回答结束后留在提示符上
      Given CLI 模型会先流出 "Streaming part one. " 停顿后再流出 "part two."
      And CLI 模型会回复 "Got the typed-ahead line."
      When 在伪终端里启动 synapse "chat --base-url <model>"
      And 在终端里输入 "stream something"，等到出现 "Streaming part one."
      And 在终端里键入 "typed ahead"
      Then 终端上应该显示 "part two."
      When 在终端里按下回车，等到出现 "Got the typed-ahead line."
      Then CLI 模型收到的第 2 次请求应该包含消息 "typed ahead"

  Rule: 审批、中断与错误

    Scenario: ask 规则在提示符处询问；回答 y 后命令运行
      Given CLI 模型会调用 Bash 执行 "touch approved.txt"
      And CLI 模型会回复 "Created it."
      When 在伪终端里启动 synapse "chat --base-url <model> --ask 'touch *'"
      And 在终端里输入 "make the file"，等到出现 "[y] yes once"
      Then 终端上应该显示 "touch approved.txt"
      When 在终端里输入 "y"，等到出现 "Created it."
      Then CLI 工作目录中应该有文件 "approved.txt"

    Scenario: 审批时按 Ctrl-C 拒绝命令并中断这一轮，提示符回来
      Given CLI 模型会调用 Bash 执行 "touch refused.txt"
      When 在伪终端里启动 synapse "chat --base-url <model> --ask 'touch *'"
      And 在终端里输入 "make the file"，等到出现 "[y] yes once"
      And 在终端里按下 Ctrl-C
      Then 终端上应该显示 "⏹ interrupted"
      And CLI 工作目录中应该没有文件 "refused.txt"
      When 在终端里输入 "/exit"，等到出现 "Goodbye!"
      Then 终端里的 synapse 应该以退出码 0 结束

    Scenario: 工具运行中按 Ctrl-C：命令被停止，下一轮模型知道用户中断了什么
      Given CLI 模型会调用 Bash 执行 "sleep 30"
      And CLI 模型会回复 "I see you stopped the sleep."
      When 在伪终端里启动 synapse "chat --base-url <model>"
      And 在终端里输入 "wait a while"，等到出现 "$ sleep 30"
      And 在终端里按下 Ctrl-C
      Then 终端上应该显示 "⏹ interrupted"
      When 在终端里输入 "what happened?"
      Then CLI 模型收到的第 2 次请求中应该有一条消息以 "[The user interrupted the previous request while this command was running: `sleep 30`" 开头

    Scenario: 扩展的警告在横幅下显示一次，第一轮不再重复
      Given CLI 工作目录中有文件 ".agents/skills/broken/SKILL.md" 内容为 "no front matter here"
      And CLI 模型会回复 "Hi."
      When 在伪终端里启动 synapse "chat --base-url <model>"
      And 在终端里输入 "hello"
      Then 终端上应该显示 "Hi."
      And 终端上应该显示 "warning: Skill tools unavailable: "
      And 终端上 "SKILL.md must start with YAML front matter" 应该只出现一次

    Scenario: 模型出错时这一轮结束在一行错误和汇总上，提示符回来
      Given CLI 模型会调用 Bash 执行 "echo step one"
      And CLI 模型会以 HTTP 500 "upstream broke" 拒绝请求
      When 在伪终端里启动 synapse "chat --base-url <model> --max-retries 0"
      And 在终端里输入 "do two things"
      Then 终端上应该显示 "error: model request failed (HTTP 500)"
      And 终端上应该显示 "1 model call · "
      And 终端里的 synapse 应该仍在运行

  Rule: 终端

    Scenario: NO_COLOR 时聊天输出里没有颜色
      Given CLI 模型会回复 "Plain."
      When 在 NO_COLOR=1 时在伪终端里启动 synapse "chat --base-url <model>"
      And 在终端里输入 "hi"
      Then 终端上应该显示 "Plain."
      And 终端输出中不应该有颜色

    Scenario: 调整终端大小后聊天照常继续
      Given CLI 模型会回复 "Still here."
      When 在伪终端里启动 synapse "chat --base-url <model>"
      And 把终端调整为 60 列 20 行
      And 在终端里输入 "are you there?"
      Then 终端上应该显示 "Still here."

    Scenario: 终端上不带命令的 synapse 就是 chat
      When 在伪终端里启动 synapse "--base-url <model>"
      Then 终端上应该显示 "Synapse Agent · chat"
      When 在终端里按下 Ctrl-D
      Then 终端里的 synapse 应该以退出码 0 结束
