@own @security
Feature: 没有沙箱时，Shell 启动的进程不比我们活得久
  没有 bwrap 的 Shell 里，每个进程都继承一个带随机值的标记变量。关闭 Shell 时，进程组之外、带着这个标记的进程
  （`setsid` 出去的、守护进程）也被 SIGKILL 结束：忽略 SIGTERM 的也一样，标记是环境里第一个变量时也一样。Node
  自己被 SIGKILL 时，Shell 里的看守进程发现生命线（只有我们握着另一端的管道）断了，结束带标记的进程，并结束 bash
  自己领头的整个进程组；命令挂在终端上、bash 在别人（我们）的进程组里时，只结束带标记的进程，绝不结束别人的组。

  Rule: 关闭 Shell 时结束带标记的进程

    Scenario: Shell 里的命令拿不到生命线的文件描述符
      Given Router 的沙箱模式为 "off"
      When 路由命令 `[ -e /dev/fd/3 ] && echo "fd 3 open" || echo "fd 3 closed"`
      Then 命令结果应为 stdout "fd 3 closed\n"、stderr ""、退出码 0

    Scenario Outline: 关闭 Shell 时，脱离进程组的带标记进程被结束：<情形>
      Given Router 的沙箱模式为 "off"
      When 路由命令 `<命令> & echo $! > detached.pid`
      And `detached.pid` 记录的进程已运行到 `sleep`
      And 关闭路由器
      Then `detached.pid` 记录的进程应已结束

      Examples:
        | 情形                     | 命令                                                                      |
        | 它忽略 SIGTERM           | setsid sh -c 'trap "" TERM; exec sleep 30'                                |
        | 标记是它环境里的第一个变量 | env -i SYNAPSE_SHELL_MARK="$SYNAPSE_SHELL_MARK" PATH="$PATH" setsid sleep 30 |

    # Execve 进行中的进程有一瞬间看不到环境；刚启动而环境为空的进程因此会被再看几次，但至多 250 毫秒。
    Scenario: 关闭 Shell 时，Shell 之外刚启动、环境为空的进程不被结束，关闭也不为它久等
      Given Router 的沙箱模式为 "off"
      And 路由命令 `echo ready`
      And Shell 之外刚启动了一个环境为空的进程
      When 关闭路由器，用时不超过 2000 毫秒
      Then 那个环境为空的进程应仍在运行

  Rule: 关闭时只读 Shell 启动以来分配出去的 pid；界定不了时读全部

    # Linux 循环分配 pid：Shell 启动前记下分配到哪里（ns_last_pid）、总共创建过多少任务、任务数与 pids.max 拒绝的
    # 次数；关闭时，只要游标不可能绕满一圈，Shell 的后代就都在两次之间分配的区间里，其余进程的环境不必读。
    Scenario: 窗口记下之后启动的进程在区间里，之前就有的进程不在
      Given 记下此刻的 pid 分配窗口
      When 启动一个新进程
      Then 新进程的 pid 应在窗口的区间里，本进程的 pid 不在

    Scenario Outline: 窗口不作数时搜索全部进程：<情形>
      Given 一个<情形>的 pid 分配窗口
      Then 这个窗口应不作数

      Examples:
        | 情形                                   |
        | 其间创建的任务多到游标可能已绕了一圈   |
        | 其间有 fork 因 pids.max 被拒绝         |

  Rule: 生命线断开时，看守进程结束带标记的进程

    Scenario Outline: 生命线断开，bash <位置>（<用途>）：带标记的进程结束，同组的无标记进程<结果>
      Given 一个带标记的 bash <位置>，运行着看守脚本，并启动了一个脱离进程组的带标记进程与一个同组的无标记进程
      When 生命线断开
      Then 带标记的进程应已结束，同组的无标记进程应<结果>

      Examples:
        | 位置             | 用途                       | 结果     |
        | 自成进程组        | Shell、不挂在终端上的命令    | 已结束   |
        | 在别人的进程组里   | 挂在终端上的命令            | 仍在运行 |
