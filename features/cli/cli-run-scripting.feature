@own @cli
Feature: synapse run：像人们写脚本那样使用
  人们写 agent CLI 脚本的习惯（codex exec、claude -p）：提示和管道输入合在一起，续接最近的会话，把最终回答写进文件，
  只要最终回答，结束时一行汇总；系统提示可以替换、追加，并读入工作目录里的 AGENTS.md。注入的 Skill Search 指令块
  不冒充用户说的话。

  Rule: 提示参数和标准输入合在一起

    Scenario: 提示在前，标准输入放在其后的围栏块里；会话以提示为标题
      Given CLI 模型会回复 "Looks fine."
      When CLI 以标准输入 "diff --git a/x b/x" 运行 synapse "run --sessions-dir <sessions> --base-url <model> --no-skill-search 'Review this diff'"
      Then CLI 退出码应该是 0
      And CLI 会话目录中最近的会话标题应该是 "Review this diff"
      And CLI 模型收到的首条 user 消息应该是:
        """
        Review this diff

        ```stdin
        diff --git a/x b/x
        ```
        """

    Scenario: 超过上限的标准输入是坏输入，不被截断，也不调用模型
      When CLI 以 600 KiB 的标准输入运行 synapse "run --no-session --base-url <model> 'Review this'"
      Then CLI 退出码应该是 2
      And CLI 标准错误应该只有一行且包含 "standard input is larger than 512 KiB"
      And CLI 模型应该收到 0 次请求

    Scenario: --no-stdin 时忽略标准输入
      Given CLI 模型会回复 "ok"
      When CLI 以标准输入 "ignored" 运行 synapse "run --no-session --base-url <model> --no-skill-search --no-stdin 'Only this'"
      Then CLI 退出码应该是 0
      And CLI 模型收到的首条 user 消息应该是 "Only this"

  Rule: 续接、输出文件、安静模式与汇总

    Scenario: --continue 续接会话目录里最近的会话
      Given CLI 模型会回复 "first answer"
      And CLI 模型会回复 "second answer"
      When CLI 运行 synapse "run --sessions-dir <sessions> --base-url <model> 'first question'"
      And CLI 运行 synapse "run --sessions-dir <sessions> --base-url <model> --continue 'second question'"
      Then CLI 退出码应该是 0
      And CLI 标准输出应该是 "second answer"
      And CLI 模型收到的第 2 次请求应该包含消息 "first answer"
      And CLI 会话目录中应该只有 1 个会话

    Scenario: 没有会话可续接时 --continue 是坏输入
      When CLI 运行 synapse "run --sessions-dir <sessions> --base-url <model> --continue 'hi'"
      Then CLI 退出码应该是 2
      And CLI 标准错误应该只有一行且包含 "to continue in"

    Scenario: --output-last-message 把最终回答写进文件，--quiet 只打印最终回答
      Given CLI 模型会调用 Bash 执行 "echo working"
      And CLI 模型会回复 "All done."
      When CLI 运行 synapse "run --no-session --base-url <model> --quiet --output-last-message answer.txt 'do it'"
      Then CLI 退出码应该是 0
      And CLI 标准输出应该是 "All done."
      And CLI 标准错误应该是空的
      And CLI 工作目录中的文件 "answer.txt" 内容应该是 "All done."

    Scenario: --output-last-message 指向不存在的目录时是坏输入，模型一次也没被调用
      When CLI 运行 synapse "run --no-session --base-url <model> --output-last-message no-such-dir/answer.txt hi"
      Then CLI 退出码应该是 2
      And CLI 标准错误应该只有一行且包含 "--output-last-message no-such-dir/answer.txt: the directory"
      And CLI 模型应该收到 0 次请求

    Scenario: 结束时 stderr 上一行汇总，--json 的 result 带同样的数字
      Given CLI 模型会调用 Bash 执行 "echo working"
      And CLI 模型会回复 "All done."
      When CLI 运行 synapse "run --no-session --base-url <model> 'do it'"
      Then CLI 退出码应该是 0
      And CLI 标准错误的最后一行应该是汇总 "2 model calls · 20 tokens in / 8 out · cost N/A · 1 tool call" 加上用时
      Given CLI 模型会调用 Bash 执行 "echo working"
      And CLI 模型会回复 "All done."
      When CLI 运行 synapse "run --no-session --json --base-url <model> 'do it'"
      Then CLI JSON 结果的汇总应该是 2 次模型调用、1 次工具调用、输入 20 输出 8 个 token

  Rule: 系统提示：AGENTS.md、替换与追加

    Scenario: 工作目录里的 AGENTS.md 进入系统提示，--append-system-prompt 追加在最后
      Given CLI 工作目录中有文件 "AGENTS.md" 内容为 "Always answer in French."
      And CLI 模型会回复 "Bonjour"
      When CLI 运行 synapse "run --no-session --base-url <model> --append-system-prompt 'Be brief.' hi"
      Then CLI 退出码应该是 0
      And CLI 模型收到的系统提示应该包含 "You are Synapse"
      And CLI 模型收到的系统提示应该包含 "Always answer in French."
      And CLI 模型收到的系统提示应该以 "Be brief." 结尾

    Scenario: --no-agents-md 不读 AGENTS.md，--system-prompt-file 替换默认的系统提示
      Given CLI 工作目录中有文件 "AGENTS.md" 内容为 "Always answer in French."
      And CLI 工作目录中有文件 "prompt.md" 内容为 "You are a terse reviewer."
      And CLI 模型会回复 "ok"
      When CLI 运行 synapse "run --no-session --base-url <model> --no-agents-md --system-prompt-file prompt.md hi"
      Then CLI 退出码应该是 0
      And CLI 模型收到的系统提示应该是 "You are a terse reviewer."

    Scenario: 太大的 AGENTS.md 是坏输入，错误指出文件
      Given CLI 工作目录中有一个 70 KiB 的文件 "AGENTS.md"
      When CLI 运行 synapse "run --no-session --base-url <model> hi"
      Then CLI 退出码应该是 2
      And CLI 标准错误应该只有一行且包含 "AGENTS.md is 70 KiB; at most 64 KiB"
      And CLI 模型应该收到 0 次请求

    Scenario Outline: AGENTS.md <情形>时是坏输入，错误指出文件和原因
      Given CLI 工作目录中的 "AGENTS.md" <情形>
      When CLI 运行 synapse "run --no-session --base-url <model> hi"
      Then CLI 退出码应该是 2
      And CLI 标准错误应该只有一行且包含 "<错误>"
      And CLI 模型应该收到 0 次请求

      Examples:
        | 情形                 | 错误                                                      |
        | 是一个目录           | AGENTS.md is not a regular file                           |
        | 是指向自己的符号链接 | AGENTS.md cannot be read (too many symbolic links)        |

  Rule: Skill Search 指令块不冒充用户的话

    Scenario: 会话保存用户自己的话并标出注入的块；sessions show 和标题（索引重建后也）只呈现用户的话
      Given CLI 模型会回复 "Here you go."
      When CLI 运行 synapse "run --json --sessions-dir <sessions> --base-url <model> 'Summarize the README'"
      And CLI 记下 JSON 结果中的 sessionId 为 "id"
      Then CLI 模型收到的首条 user 消息应该包含 "Skill Search Priority"
      And CLI 模型收到的消息都不应该带有 synapse 自己的 meta 字段
      And CLI 会话 "<id>" 的首条消息应该保存用户的话 "Summarize the README" 并标出注入的 "skill_search_instruction"
      When CLI 运行 synapse "sessions show <id> --sessions-dir <sessions>"
      Then CLI 标准输出应该包含 "Summarize the README"
      And CLI 标准输出应该包含 "[+ Skill Search Priority instruction, added by synapse]"
      And CLI 标准输出和标准错误都不应该包含 "Original user request"
      When CLI 删除会话 "<id>" 的 index.json
      And CLI 运行 synapse "sessions show <id> --json --sessions-dir <sessions>"
      Then CLI JSON 输出的最后一行的 "title" 应该是 "Summarize the README"
