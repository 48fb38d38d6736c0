@own
Feature: AgentRunner 的系统提示与运行汇总
  文档没有规定、但库的使用者会依赖的行为：默认的系统提示说明工作目录、唯一的 Bash 工具和内置命令，主代理的提示还说明
  子代理与待办，子代理的提示说明它不能再开子代理；项目根目录的 AGENTS.md 读入后放在基础提示之后、追加文本之前，空白的部分
  不占位置；读不了的 AGENTS.md 是一个指出文件和原因的错误；一次运行结束时能从事件得出模型请求数、工具调用数和 token 数的汇总。

  Rule: 默认的系统提示

    Scenario: 主代理的默认系统提示说明工作目录、唯一的工具、内置命令、子代理与待办
      Given 模型会回复 "好的"
      When 执行一次运行
      Then 模型收到的系统提示应恰好是（<工作目录> 为 Runner 的工作目录）：
        """
        You are Synapse, a capable software agent working in a shell.
        Your working directory is <工作目录>.
        You have one tool, Bash(command="..."). Through it you can run any shell command, and these built-in commands:
          read <path> [--offset N --limit N], write <path> <content>, edit <path> <old> <new> [--all], glob <pattern>,
          search <pattern> [path], TodoWrite '<json>'. Every command accepts --help.
        Pass the command itself as the argument: never wrap it as Bash(...) inside the command string.
        For independent pieces of work, start sub-agents with task:general, task:explore (read-only) or task:skill,
        e.g. Bash(command="task:explore --description \"find configs\" --prompt \"...\"").
        Consecutive task:* calls in one reply run in parallel.
        For multi-step work keep a todo list with TodoWrite and finish only when every item is completed.
        """

    Scenario: 以子代理身份运行的 Runner，默认系统提示说明它只做一个任务且不能再开子代理
      Given Runner 以子代理身份运行
      And 模型会回复 "好的"
      When 执行一次运行
      Then 模型收到的系统提示应恰好是（<工作目录> 为 Runner 的工作目录）：
        """
        You are Synapse, a capable software agent working in a shell.
        Your working directory is <工作目录>.
        You have one tool, Bash(command="..."). Through it you can run any shell command, and these built-in commands:
          read <path> [--offset N --limit N], write <path> <content>, edit <path> <old> <new> [--all], glob <pattern>,
          search <pattern> [path], TodoWrite '<json>'. Every command accepts --help.
        Pass the command itself as the argument: never wrap it as Bash(...) inside the command string.
        You are a sub-agent working on one task for a parent agent. Do the task, then answer with its result.
        You cannot start further task:* commands.
        """

  Rule: AGENTS.md 与追加的系统提示

    Scenario: AGENTS.md 放在替换后的基础提示之后，追加文本放在最后，各部分去掉首尾空白后以空行隔开
      Given 工作目录中有文件 "AGENTS.md" 内容为 "\n  Always answer in French.  \n\n"
      And Runner 的系统提示替换为 "You are a terse reviewer.\n\n"，读入工作目录的 AGENTS.md，并追加 "  Be brief.\n"
      And 模型会回复 "好的"
      When 执行一次运行
      Then 模型收到的系统提示应恰好是（<工作目录> 为 Runner 的工作目录）：
        """
        You are a terse reviewer.

        # Project instructions (<工作目录>/AGENTS.md)

        Always answer in French.

        Be brief.
        """

    Scenario: 只有空白的 AGENTS.md 和追加文本不进入系统提示
      Given 工作目录中有文件 "AGENTS.md" 内容为 " \n\t\n"
      And Runner 的系统提示替换为 "You are a terse reviewer."，读入工作目录的 AGENTS.md，并追加 "  \n"
      And 模型会回复 "好的"
      When 执行一次运行
      Then 模型收到的系统提示应恰好是（<工作目录> 为 Runner 的工作目录）：
        """
        You are a terse reviewer.
        """

    Scenario: 工作目录里没有 AGENTS.md 时没有项目说明可读
      When 读取工作目录的项目说明
      Then 应没有项目说明

    Scenario: 恰好 64 KiB 的 AGENTS.md 整个读入
      Given 工作目录中的 "AGENTS.md" 有 65536 字节
      When 读取工作目录的项目说明
      Then 读到的项目说明应有 65536 个字符，路径是工作目录中的 "AGENTS.md"

    Scenario Outline: AGENTS.md <情形>时，读取以指出文件和原因的错误失败
      Given 工作目录中的 "AGENTS.md" <情形>
      When 读取工作目录的项目说明
      Then 读取应以 ProjectInstructionsError 失败，消息为工作目录中的 "AGENTS.md" 后接 "<原因>"

      Examples:
        | 情形                 | 原因                                                     |
        | 是一个目录           | is not a regular file                                    |
        | 是指向自己的符号链接 | cannot be read (too many symbolic links)                 |
        | 有 65537 字节        | is 65 KiB; at most 64 KiB is read into the system prompt |
        | 有 71680 字节        | is 70 KiB; at most 64 KiB is read into the system prompt |

  Rule: 运行汇总

    Scenario: 运行汇总从事件数出模型请求、工具调用和两个方向的 token，数字按英文习惯分组
      Given 模型第一轮调用工具 `echo one` 与 `echo two` 并用掉 1200 与 34 个 token，第二轮回复 "完成" 并用掉 300 与 1 个 token
      When 执行一次运行，同时用运行汇总观察它的事件
      Then 运行汇总应为 2 次模型请求、2 次工具调用、1500 个输入 token、35 个输出 token
      And 汇总那一行应以 "2 model calls · 1,500 tokens in / 35 out · cost N/A · 2 tool calls · " 开头，以一位小数的秒数结尾

    Scenario: 汇总里恰好一次的请求与工具调用用单数，用时四舍五入到十分之一秒
      When 汇总一次 1 次模型请求、1 次工具调用、0 与 0 个 token、用时 1250 毫秒的运行
      Then 汇总那一行应为 "1 model call · 0 tokens in / 0 out · $0.00 · 1 tool call · 1.3s"

  Rule: 库导出的默认系统提示

    Scenario: 导出的 defaultSystemPrompt 给出的正是 Runner 发送的默认系统提示，末尾没有多余的空行
      Given 模型会回复 "好的"
      When 执行一次运行
      Then 导出的 defaultSystemPrompt 对工作目录给出的文本应与模型收到的系统提示完全相同
