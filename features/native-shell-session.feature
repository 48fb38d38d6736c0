@own @tools
Feature: 路由器的重启、取消与关闭
  路由器的原生层是一个持久的 bash。`restart` 让下一条命令在最初的目录中的新 Shell 里执行；
  取消立即生效；会话关闭后，命令得到明确的错误而不是再启动一个 Shell。

  Scenario: 以 restart=true 路由的命令在最初的目录里的新 Shell 中执行
    Given Router 已就绪
    When 路由命令 `mkdir -p nested && cd nested && export KEPT=yes`
    And 以 restart=true 路由命令 `pwd; echo "kept:$KEPT"`
    Then 标准输出应为:
      """
      {workspace}
      kept:

      """
    And 路由器的当前目录应为工作区下的 `.`

  Scenario: 关闭之后的命令得到明确的错误，不会再启动 Shell
    Given Router 已就绪
    When 路由命令 `echo before`
    And 关闭路由器
    And 路由命令 `echo after > after.txt`
    Then 命令结果应为 stdout ""、stderr "The shell session is closed\n"、退出码 1
    And 命令结果的失败类别应为 `execution_error`
    And 工作区中不应存在文件 `after.txt`

  Scenario: 沙箱关闭时当前目录被删掉，新 Shell 无法启动，说明缺的是哪个目录
    Given Router 的沙箱模式为 "off"
    When 路由命令 `mkdir gone && cd gone && rmdir ../gone`
    And 路由命令 `exit 0`
    And 路由命令 `echo hi`
    Then 退出码应为 `127`
    And stderr 应包含 `working directory does not exist: {workspace}/gone`

  Scenario: 有沙箱时当前目录被删掉，新 Shell 回到工作区
    Given Router 的沙箱模式为 "workspace-write"
    When 路由命令 `mkdir gone && cd gone && rmdir ../gone`
    And 路由命令 `exit 0`
    And 路由命令 `pwd`
    Then 标准输出应为:
      """
      {workspace}

      """

  Scenario: 取消立即生效，即使执行命令的一方不理会取消
    Given Router 注入了从不结束、也不理会取消的 skill 处理器
    When 路由命令 `skill:stuck` 并在 50 毫秒后取消
    Then 命令结果应为 stdout ""、stderr "Command interrupted: it was cancelled before it finished\n"、退出码 130
