@own @cli
Feature: synapse 读设置文件；synapse config list | get | set
  run、exec、runtime 读合并后的设置（用户、项目、本地、--settings）；每个值的来源依次是命令行参数、环境变量、设置文件。
  无法使用的设置文件是坏输入（退出码 2，一行指出文件和键），模型收不到任何请求。config 给人看、给人改设置：
  set 默认写用户文件，--project / --local 写项目的文件；值先当 JSON 读，不合适再当文本；apiKey 从不打印。

  Rule: 设置文件里的值

    Scenario: 设置文件代替真实模型示例里的 --base-url 与 --model；命令行参数仍然胜出
      Given CLI 的 HOME 中有文件 ".synapse/settings.json" 内容为:
        """
        {"baseURL": "<model>", "model": "qwen2.5"}
        """
      And CLI 模型会回复 "Hello from qwen"
      And CLI 模型会回复 "Hello from the flag's model"
      When CLI 运行 synapse "run --no-session --no-skill-search Hi"
      Then CLI 退出码应该是 0
      And CLI 标准输出应该是 "Hello from qwen"
      And CLI 模型收到的第 1 次请求的 model 应该是 "qwen2.5"
      When CLI 运行 synapse "run --no-session --no-skill-search --model llama3 Hi"
      Then CLI 模型收到的第 2 次请求的 model 应该是 "llama3"

    Scenario: 无法使用的设置文件：退出码 2，一行错误指出文件和键，模型收不到请求
      Given CLI 的 HOME 中有文件 ".synapse/settings.json" 内容为:
        """
        {"model": "qwen2.5", "sandbox": {"mode": "none"}}
        """
      When CLI 运行 synapse "run --no-session --base-url <model> Hi"
      Then CLI 退出码应该是 2
      And CLI 标准错误应该只有一行且包含 ".synapse/settings.json: sandbox.mode: Invalid option"
      And CLI 模型应该收到 0 次请求

    Scenario: 用户设置里的 env 进入命令的环境，permissions 的规则照常生效并指出来自哪个文件
      Given CLI 的 HOME 中有文件 ".synapse/settings.json" 内容为:
        """
        {"env": {"STAGE": "from-settings"}, "permissions": {"deny": ["touch*"]}}
        """
      When CLI 运行 synapse "exec 'echo $STAGE'"
      Then CLI 退出码应该是 0
      And CLI 标准输出应该是 "from-settings"
      When CLI 运行 synapse "exec 'touch made.txt'"
      Then CLI 退出码应该是 126
      And CLI 标准错误应该包含 ".synapse/settings.json permissions deny[0]"
      And CLI 工作目录中不应该有文件 "made.txt"

    Scenario: 设置里写错的规则是坏输入，指出文件和键
      Given CLI 的 HOME 中有文件 ".synapse/settings.json" 内容为:
        """
        {"permissions": {"ask": ["/(?=x)/"]}}
        """
      When CLI 运行 synapse "exec 'echo hi'"
      Then CLI 退出码应该是 2
      And CLI 标准错误应该只有一行且包含 ".synapse/settings.json permissions ask[0]: invalid regular expression"

    Scenario: 不受信任项目的设置文件：收紧的规则生效，放宽的被忽略并告警
      Given CLI 工作目录中有文件 ".synapse/settings.json" 内容为:
        """
        {"permissions": {"deny": ["echo*"], "allow": ["rm -r*"]}}
        """
      When CLI 运行 synapse "exec 'echo hi'"
      Then CLI 退出码应该是 126
      And CLI 标准错误应该包含 ".synapse/settings.json: permissions.allow ignored: the project is not trusted, and allow rules loosen the permission policy"

  Rule: synapse config

    Scenario: set 写用户文件，get 读出生效的值，list 列出每个键与它的来源
      When CLI 运行 synapse "config set model qwen2.5"
      Then CLI 退出码应该是 0
      And CLI 标准输出应该包含 "model = \"qwen2.5\" in "
      When CLI 运行 synapse "config set sandbox.allowNetwork true"
      And CLI 运行 synapse "config set --project permissions.deny '[\"git push*\"]'"
      Then CLI 的 HOME 中的文件 ".synapse/settings.json" 应该是 JSON:
        """
        {"model": "qwen2.5", "sandbox": {"allowNetwork": true}, "permissions": {"allow": [], "ask": [], "deny": []}, "env": {}, "hooks": {}}
        """
      And CLI 工作目录中的文件 ".synapse/settings.json" 应该是 JSON:
        """
        {"permissions": {"allow": [], "ask": [], "deny": ["git push*"]}, "env": {}, "hooks": {}}
        """
      When CLI 运行 synapse "config get model"
      Then CLI 标准输出应该是 "qwen2.5"
      When CLI 运行 synapse "config get permissions.deny --json"
      Then CLI 标准输出应该包含 "[\"git push*\"]"
      When CLI 运行 synapse "config list"
      Then CLI 标准输出应该包含 "sandbox.allowNetwork = true  (<home>/.synapse/settings.json)"
      And CLI 标准输出应该包含 "permissions.deny = [\"git push*\"]  (<home>/.synapse/settings.json, <work>/.synapse/settings.json)"

    Scenario: apiKey 写进用户文件但从不打印；不能写进项目文件
      When CLI 运行 synapse "config set apiKey sk-config-0123456789abcdef"
      Then CLI 退出码应该是 0
      When CLI 运行 synapse "config list --json"
      Then CLI JSON 输出的最后一行的 "settings.apiKey" 应该是 "***"
      When CLI 运行 synapse "config get apiKey"
      Then CLI 标准输出应该是 "***"
      And CLI 标准输出和标准错误都不应该包含 "sk-config-0123456789abcdef"
      When CLI 运行 synapse "config set --local apiKey sk-other-0123456789"
      Then CLI 退出码应该是 2
      And CLI 标准错误应该只有一行且包含 "apiKey is read only from ~/.synapse/settings.json"

    Scenario Outline: config 的坏输入：退出码 <退出码>，文件不变
      Given CLI 的 HOME 中有文件 ".synapse/settings.json" 内容为:
        """
        {"model": "qwen2.5"}
        """
      When CLI 运行 synapse "config <命令>"
      Then CLI 退出码应该是 <退出码>
      And CLI 标准错误应该只有一行且包含 "<说明>"
      And CLI 的 HOME 中的文件 ".synapse/settings.json" 应该是 JSON:
        """
        {"model": "qwen2.5"}
        """

      Examples:
        | 命令                         | 退出码 | 说明                                                                 |
        | set maxBudgetUsd 0           | 2      | maxBudgetUsd: Too small: expected number to be >0                    |
        | set sandbox.mode none        | 2      | Cannot set sandbox.mode in                                           |
        | set modle qwen2.5            | 2      | unknown settings key \"modle\" (keys: model, baseURL, apiKey, env, permissions, sandbox, hooks, contextWindow, maxBudgetUsd) |
        | set __proto__.x 1            | 2      | unknown settings key \"__proto__.x\"                                 |
        | get contextWindow            | 1      | contextWindow is not set                                             |

    Scenario: config set 遇到无法使用的设置文件：坏输入，指出文件和键，文件不变
      Given CLI 的 HOME 中有文件 ".synapse/settings.json" 内容为:
        """
        {"model": 3}
        """
      When CLI 运行 synapse "config set contextWindow 32000"
      Then CLI 退出码应该是 2
      And CLI 标准错误应该只有一行且包含 ".synapse/settings.json: model: Invalid input: expected string, received number"
      And CLI 的 HOME 中的文件 ".synapse/settings.json" 应该是 JSON:
        """
        {"model": 3}
        """
