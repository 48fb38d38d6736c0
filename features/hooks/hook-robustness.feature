@own @hooks
Feature: 命令钩子出了问题也不会卡住或搞垮运行
  钩子是用户自己的程序，可能挂起、崩溃、写出几兆的输出、留下后台进程。每个钩子都有时间限制（`timeout`，秒；
  默认 60），到时连同它的进程组一起被杀掉；崩溃与其他退出码是不阻止的错误，告诉用户；输出有上限；钩子退出后它
  留在进程组里的进程也被结束；中止运行时正在运行的钩子随之结束。出问题的钩子只让它自己的回答作废，运行照常继续。

  Rule: 挂起、崩溃和找不到的钩子都只是不阻止的错误

    Scenario: 超过时间限制的钩子被杀掉，工具照常执行
      Given 钩子 "slow" 挂在 PreToolUse 上，超时 1 秒
      And 钩子 "slow" 的回答是:
        """
        {"sleepMs": 60000}
        """
      And 模型这一轮调用 `touch created.txt`
      And 模型接着回复 "好"
      When 执行一次运行
      Then 运行应以 "好" 结束
      And 工作目录中应该有文件 "created.txt"
      And Runner 报告的 PreToolUse 钩子结果应为 error，说明包含 "timed out after 1 s and was killed"
      And 钩子 "slow" 的进程应该已经结束

    Scenario Outline: 钩子<怎样>，运行照常继续，用户看到 "<说明>"
      Given 钩子 "bad" 挂在 PostToolUse 上
      And 钩子 "bad" 的回答是:
        """
        <回答>
        """
      And 模型这一轮调用 `echo hi`
      And 模型接着回复 "好"
      When 执行一次运行
      Then 运行应以 "好" 结束
      And 模型第 2 次收到的最后一条消息应包含 "hi"
      And 模型第 2 次收到的最后一条消息不应包含 "PostToolUse hook"
      And Runner 报告的 PostToolUse 钩子结果应为 error，说明包含 "<说明>"

      Examples:
        | 怎样                 | 回答                                    | 说明                           |
        | 抛出未捕获的异常     | {"crash": "throw"}                      | exit 1: /                      |
        | 被 SIGKILL 杀死      | {"crash": "SIGKILL"}                    | ended by SIGKILL               |
        | 以退出码 1 结束      | {"exit": 1, "stderr": "格式化失败"}     | exit 1: 格式化失败             |
        | 回答了读不懂的 JSON  | {"stdout": "{\"decision\": \"maybe\"}"} | its JSON answer cannot be read |

    Scenario: 找不到的钩子命令是不阻止的错误
      Given PreToolUse 上挂着命令 "no-such-hook-command --check"
      And 模型这一轮调用 `echo hi`
      And 模型接着回复 "好"
      When 执行一次运行
      Then 运行应以 "好" 结束
      And Runner 报告的 PreToolUse 钩子结果应为 error，说明包含 "exit 127: bash: line 1: no-such-hook-command: command not found"

  Rule: 输出有上限，钩子留下的进程不会比它活得久

    Scenario: 写出几兆输出再以退出码 2 阻止的钩子：理由被截短，运行继续
      Given 钩子 "flood" 挂在 PreToolUse 上
      And 钩子 "flood" 的回答是:
        """
        {"spamBytes": 8388608, "exit": 2}
        """
      And 模型这一轮调用 `touch created.txt`
      And 模型接着回复 "好"
      When 执行一次运行
      Then 运行应以 "好" 结束
      And 工作目录中不应出现 "created.txt"
      And 模型第 2 次收到的最后一条消息应包含 "[hook output truncated: "
      And 模型第 2 次收到的最后一条消息应不超过 70000 字节

    Scenario: 钩子退出后，它留在后台的进程被结束
      Given 钩子 "leaver" 挂在 PostToolUse 上
      And 钩子 "leaver" 的回答是:
        """
        {"background": true}
        """
      And 模型这一轮调用 `echo hi`
      And 模型接着回复 "好"
      When 执行一次运行
      Then 运行应以 "好" 结束
      And 钩子 "leaver" 留在后台的进程应该已经结束

  Rule: 中止运行时，正在运行的钩子随之结束

    Scenario: 钩子挂起时中止运行：运行马上以 AbortError 结束，钩子的进程被杀掉
      Given 钩子 "hang" 挂在 PreToolUse 上
      And 钩子 "hang" 的回答是:
        """
        {"sleepMs": 60000}
        """
      And 模型这一轮调用 `touch created.txt`
      When 在钩子 "hang" 启动后中止这次运行
      Then 运行应以消息为 "The run was interrupted" 的 AbortError 拒绝
      And 这次运行应在 10 秒内结束
      And 钩子 "hang" 的进程应该已经结束
      And 工作目录中不应出现 "created.txt"
