@own @security
Feature: Shell 的生命周期：截止时间算数，什么都不比我们活得久
  命令超时或被取消时，结果在截止时刻就给出，不管命令的后代怎样（`setsid` 出去的子进程握着输出管道，也不能让
  它挂着）；kill 之后管道被销毁，队列从不等待 `close`；`close()` 有上限；下一条命令拿到一个能用的 Shell。
  Node 进程被 SIGKILL 时，它的 Shell 与命令在 2 秒内一起结束：在沙箱里由 bwrap 的 `--die-with-parent` 与
  独立的 pid 命名空间保证；没有沙箱时，由 Shell 里一个守着管道的看守进程保证（管道一关就杀掉整个进程组，
  在 Linux 上还按环境标记找到离开了进程组的后代）。每个场景都用真实进程，并用 pid 检查没有遗留。

  Rule: 截止时间就是截止时间

    Scenario Outline: 超时在截止时刻结算，即使 setsid 出去的后代握着输出管道（沙箱：<沙箱>）
      Given Router 的沙箱模式为 "<沙箱>"
      And 环境变量 `SYNAPSE_COMMAND_TIMEOUT=300`
      When 路由命令 `setsid sleep 30 & echo $! > detached.pid; echo started; sleep 30`
      Then 命令结果应为 stdout "started\n"、退出码 124
      And 命令应在 2000 毫秒内结束
      And `detached.pid` 记录的进程应已结束
      When 路由命令 `echo alive`
      Then 命令结果应为 stdout "alive\n"、stderr ""、退出码 0

      Examples:
        | 沙箱            |
        | off             |
        | workspace-write |

    Scenario Outline: 取消立刻结算，setsid 出去的后代也被结束（沙箱：<沙箱>）
      Given Router 的沙箱模式为 "<沙箱>"
      When 用 AbortSignal 调用 Bash 工具执行 `setsid sleep 30 & echo $! > detached.pid; wait` 并在它启动后中止
      Then Bash 工具结果应为中断错误，退出码 130
      And `detached.pid` 记录的进程应已结束
      When 路由命令 `echo alive`
      Then 命令结果应为 stdout "alive\n"、stderr ""、退出码 0

      Examples:
        | 沙箱            |
        | off             |
        | workspace-write |

    Scenario Outline: close() 有上限，并结束 Shell 启动的一切（沙箱：<沙箱>）
      Given Router 的沙箱模式为 "<沙箱>"
      When 路由命令 `echo $$ > shell.pid; setsid sleep 30 & echo $! > detached.pid; sleep 30 & echo $! > sleep.pid`
      And 关闭路由器，用时不超过 2000 毫秒
      Then `shell.pid` 记录的进程应已结束
      And `sleep.pid` 记录的进程应已结束
      And `detached.pid` 记录的进程应已结束

      Examples:
        | 沙箱            |
        | off             |
        | workspace-write |

  Rule: Node 被 SIGKILL 时，Shell 与命令一起结束

    @cli
    Scenario Outline: SIGKILL 掉 CLI 后 2 秒内没有遗留进程（沙箱：<沙箱>）
      When CLI 启动 synapse "exec --sandbox <沙箱> 'sleep 300 & setsid sleep 301 & wait'"
      And CLI 中的进程 "sleep 300" 与 "sleep 301" 都运行后，用 SIGKILL 杀死 CLI
      Then 这些进程应在 2 秒内全部结束

      Examples:
        | 沙箱            |
        | off             |
        | workspace-write |
