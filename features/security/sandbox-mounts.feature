@own @security
Feature: 沙箱的挂载在建起时就定了：Shell 报告的目录从不变成挂载
  沙箱的挂载只来自工作区与配置的可读路径，不来自 Shell 报告的当前目录（`$PWD` 是 Shell 自己说的，`PWD=/proc`
  一句话就能改）。Shell 重新启动时（它自己 `exit`、超时、取消、restart），只在工作区里、或按真实路径确认在工作区
  里面的目录启动，否则回到工作区；超时的结果说明新的 Shell 从哪里开始。宿主的 /proc 与 /tmp 从不挂进沙箱：
  可读路径是、包含或位于 /proc、/dev 之中的，是或包含 /tmp 的，以及按真实路径落到这些地方的链接，都不挂。
  可读路径挂在工作区之前，所以包含工作区的可读路径不会把工作区变成只读。沙箱关闭时没有挂载，Shell 照旧在上次的
  目录重新启动。

  Rule: Shell 怎样重新启动，新的 Shell 都看不到宿主的 /proc 与 /tmp

    @bwrap
    Scenario Outline: `<改目录>` 之后 Shell <重启方式>，新的 Shell 在工作区里，仍看不到宿主的进程与 /tmp（<模式>）
      Given Router 的沙箱模式为 "<模式>"（bubblewrap 把关）
      And 环境变量 `SYNAPSE_COMMAND_TIMEOUT=500`
      And 宿主的 /tmp 里有一个内容为 "TOP-SECRET" 的文件 `{secret}`
      And 本进程在宿主上的 pid 记为 `{host-pid}`
      When 路由命令 `<改目录>`
      And 路由命令 `<重启>`
      And 路由命令 `test -e /proc/{host-pid} && echo "host processes visible"; cat {secret}; pwd`
      Then 命令输出不应包含 "host processes visible"
      And 命令输出不应包含 "TOP-SECRET"
      And 命令的标准输出应以工作区的路径结尾

      Examples:
        | 改目录                     | 重启方式 | 重启    | 模式            |
        | PWD=/proc                  | 退出     | exit    | workspace-write |
        | PWD=/tmp                   | 退出     | exit    | workspace-write |
        | cd /tmp                    | 超时     | sleep 5 | workspace-write |
        | ln -s /proc pl && cd pl    | 退出     | exit    | workspace-write |
        | PWD=/proc                  | 超时     | sleep 5 | read-only       |
        | PWD=/tmp                   | 退出     | exit    | read-only       |
        | cd /tmp                    | 退出     | exit    | read-only       |

    @bwrap
    Scenario: 取消与 restart 之后也一样
      Given Router 的沙箱模式为 "workspace-write"（bubblewrap 把关）
      And 本进程在宿主上的 pid 记为 `{host-pid}`
      When 路由命令 `PWD=/proc`
      And 用 AbortSignal 调用 Bash 工具执行 `sleep 30 & echo $! > sleep.pid; wait` 并在它启动后中止
      And 路由命令 `test -e /proc/{host-pid} && echo "host processes visible"; pwd`
      Then 命令输出不应包含 "host processes visible"
      And 命令的标准输出应以工作区的路径结尾
      When 路由命令 `cd /tmp`
      And 以 restart=true 路由命令 `test -e /proc/{host-pid} && echo "host processes visible"; pwd`
      Then 命令输出不应包含 "host processes visible"
      And 命令的标准输出应以工作区的路径结尾

  Rule: 超时之后从哪里开始，结果里说清楚

    Scenario Outline: 超时前在 <在哪里>：<结果>（<模式>）
      Given Router 的沙箱模式为 "<模式>"（<把关>）
      And 环境变量 `SYNAPSE_COMMAND_TIMEOUT=300`
      When 路由命令 `mkdir -p sub/deeper && cd <目录>`
      And 路由命令 `sleep 5`
      Then 命令结果的 stderr 应包含 "the shell session was restarted (<说明>)"
      And 路由器的当前目录应为<之后的目录>

      @bwrap
      Examples: 有 bubblewrap
        | 在哪里       | 目录       | 结果                   | 说明                                                                         | 之后的目录               | 模式            | 把关            |
        | 工作区外     | /tmp       | 新的 Shell 从工作区开始 | exported variables lost; it starts in {workspace}, as /tmp is outside the workspace | 工作区本身               | workspace-write | bubblewrap 把关 |
        | 工作区的子目录 | sub/deeper | 留在那里               | working directory kept, exported variables lost                              | 工作区下的 `sub/deeper` | workspace-write | bubblewrap 把关 |

      Examples: 没有 bubblewrap
        | 在哪里       | 目录       | 结果                   | 说明                                                                         | 之后的目录               | 模式            | 把关            |
        | 工作区外     | /tmp       | 新的 Shell 从工作区开始 | exported variables lost; it starts in {workspace}, as /tmp is outside the workspace | 工作区本身               | workspace-write | 没有 bubblewrap |

    Scenario: 沙箱关闭时没有挂载，Shell 照旧在上次的目录重新启动
      Given Router 的沙箱模式为 "off"
      And 环境变量 `SYNAPSE_COMMAND_TIMEOUT=300`
      When 路由命令 `cd /tmp`
      And 路由命令 `sleep 5`
      Then 命令结果的 stderr 应包含 "the shell session was restarted (working directory kept, exported variables lost)"
      When 路由命令 `pwd`
      Then 命令结果应为 stdout "/tmp\n"、stderr ""、退出码 0

  Rule: 可读路径按真实路径判断，宿主的 /proc、/dev 与 /tmp 从不挂进来

    @bwrap
    Scenario: /、/proc、/dev、/tmp、它们里面的与指向它们的链接都不挂；/tmp 下面的目录照样挂
      Given 环境变量 SYNAPSE_BWRAP 为 "bwrap"
      And 工作区外有一个空目录 "skills"
      And 宿主的 /tmp 里有一个内容为 "TOP-SECRET" 的文件 `{secret}`
      And 工作区外有指向 `/proc` 的符号链接 "proc-link" 与指向 `/tmp` 的符号链接 "tmp-link"
      When 为工作区创建沙箱，模式 "read-only"，可读路径为 `/、/proc、/proc/self、/dev、/dev/shm、/tmp、{proc-link}、{tmp-link}、{skills}、{secret-dir}`
      Then 沙箱在 `{workspace}` 启动 Shell 的命令应为（随父进程结束）:
        """
        bwrap --ro-bind / / --dev /dev --proc /proc --tmpfs /tmp --ro-bind {skills} {skills} --ro-bind {secret-dir} {secret-dir}
        --ro-bind {workspace} {workspace}
        --unshare-pid --die-with-parent --cap-drop ALL --unshare-net --setenv TMPDIR /tmp --chdir {workspace}
        -- bash --noprofile --norc
        """

    @bwrap
    Scenario: 包含工作区的可读路径不会把工作区变成只读
      Given Router 的可读路径是工作区所在的目录，沙箱模式为 "workspace-write"
      When 路由命令 `echo still-writable > inside.txt && cat inside.txt`
      Then 命令结果应为 stdout "still-writable\n"、stderr ""、退出码 0
