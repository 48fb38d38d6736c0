@own @security
Feature: 沙箱里的资源上限：进程数、内存、文件大小、CPU 时间
  沙箱模式不是 off 时，命令能用的资源有上限（默认：1024 个进程、4 GiB 内存、4 GiB 的单个文件、每个进程 600 秒
  CPU；库里是 `security.limits`，CLI 是 `--limit-processes`、`--limit-memory`、`--limit-file-size`、`--limit-cpu`，
  `none` 取消一项）。每个进程的上限是硬 rlimit，在 Shell 执行任何命令之前设好，命令只能调低（沙箱里没有
  capability）：CPU 时间、写出的文件大小、数据内存（RLIMIT_DATA：分配的，不是只预留的）。整个沙箱的进程数与
  内存，在本进程能建 cgroup 的地方由 cgroup 把住（pids.max 与内存控制器；Shell 在 bubblewrap 之前就进了
  cgroup）；RLIMIT_NPROC 做不到：它按用户计数，root 还不受它管。碰到上限的命令以清楚的错误结束，结果里多一行
  说明是哪个上限、哪个选项能改；同一个会话里的下一条命令照常执行，宿主照常工作。

  Rule: 每个上限都以清楚的错误结束，下一条命令照常执行

    @bwrap
    Scenario Outline: <上限>：<做了什么>
      Given workspace-write 沙箱的 Router 有这些资源上限:
        | 进程 | 内存 | 文件大小 | CPU 秒 |
        | 32   | 256M | 10M      | 1      |
      And 环境变量 `SYNAPSE_COMMAND_TIMEOUT=60000`
      When 路由命令:
        """
        <命令>
        """
      Then 命令结果的 stderr 应包含 "<说明>"
      When 路由命令 `ls > /dev/null && echo alive`
      Then 命令结果应为 stdout "alive\n"、stderr ""、退出码 0

      Examples:
        | 上限     | 做了什么             | 命令                                                                             | 说明                                                                          |
        | 文件大小 | 写一个巨大的文件     | head -c 50M /dev/zero > big; ls -l big                                           | [sandbox limit: a file reached the 10 MiB file size limit (--limit-file-size)] |
        | CPU 时间 | 一个死循环           | python3 -c 'while True: pass'                                                    | [sandbox limit: a process used its 1 s of CPU time and was stopped (--limit-cpu)] |
        | 内存     | 一个进程要 1 GiB     | python3 -c 'x = bytearray(1 << 30)'                                              | MemoryError                                                                   |

    @bwrap @cgroup
    Scenario Outline: <上限>（整个沙箱）：<做了什么>
      Given workspace-write 沙箱的 Router 有这些资源上限:
        | 进程 | 内存 | 文件大小 | CPU 秒 |
        | 32   | 256M | 10M      | 60     |
      And 环境变量 `SYNAPSE_COMMAND_TIMEOUT=5000`
      When 路由命令:
        """
        <命令>
        """
      Then 命令结果的 stderr 应包含 "<说明>"
      When 路由命令 `ls > /dev/null && echo alive`
      Then 命令结果应为 stdout "alive\n"、stderr ""、退出码 0

      Examples:
        | 上限   | 做了什么                                         | 命令                                                                                                                                                                            | 说明                                                                                                    |
        | 进程数 | 不停 fork，直到失败（有界的 fork 炸弹）          | python3 -c 'import os; r, w = os.pipe(); n = 0\nwhile True:\n  if os.fork() == 0: os.close(w); os.read(r, 1); os._exit(0)\n  n += 1' | [sandbox limit: the 32 processes the sandbox may run were all in use; a fork failed (--limit-processes)] |
        | 进程数 | 经典的 Shell fork 炸弹，直到超时                 | bomb() { bomb \| bomb & }; bomb; sleep 30                                                                                                                                       | [sandbox limit: the 32 processes the sandbox may run were all in use; a fork failed (--limit-processes)] |
        | 内存   | 共享内存（不算进程的数据内存）填满 600 MiB        | python3 -c 'import mmap; m = mmap.mmap(-1, 600 << 20); c = b"a" * (1 << 20)\nfor i in range(600): m[i << 20:(i + 1) << 20] = c'                                               | [sandbox limit: the sandbox used its 256 MiB of memory; a process was killed (--limit-memory)]          |

  Rule: 上限是硬的，命令调不高；off 时没有上限

    @bwrap
    Scenario: 沙箱里的命令调不高上限
      Given workspace-write 沙箱的 Router 有这些资源上限:
        | 进程 | 内存 | 文件大小 | CPU 秒 |
        | 32   | 256M | 10M      | 5      |
      When 路由命令 `ulimit -H -t; ulimit -S -t; ulimit -f; ulimit -d; ulimit -c; ulimit -HS -t unlimited 2>/dev/null || echo refused`
      Then 命令结果应为 stdout "6\n5\n10240\n262144\n0\nrefused\n"、stderr ""、退出码 0

    Scenario: 没有 bubblewrap 时上限照样设好
      Given 本场景没有 bubblewrap
      And workspace-write 沙箱的 Router 有这些资源上限:
        | 进程 | 内存 | 文件大小 | CPU 秒 |
        | 32   | 256M | 10M      | 5      |
      When 路由命令 `ulimit -S -t; ulimit -f; ulimit -d`
      Then 命令结果应为 stdout "5\n10240\n262144\n"、stderr ""、退出码 0

    Scenario: 沙箱关闭时没有上限
      Given Router 的沙箱模式为 "off"
      When 路由命令 `ulimit -t; ulimit -f`
      Then 命令结果应为 stdout "unlimited\nunlimited\n"、stderr ""、退出码 0

    Scenario: none 取消一项，其余照旧是默认值
      Given workspace-write 沙箱的 Router 有这些资源上限:
        | 进程 | 内存 | 文件大小 | CPU 秒 |
        | none | none | none     | none   |
      When 路由命令 `ulimit -t; ulimit -f; ulimit -d`
      Then 命令结果应为 stdout "unlimited\nunlimited\nunlimited\n"、stderr ""、退出码 0

    Scenario: 默认的上限
      Given Router 的沙箱模式为 "workspace-write"
      When 路由命令 `ulimit -S -t; ulimit -H -t; ulimit -f; ulimit -d`
      Then 命令结果应为 stdout "600\n601\n4194304\n4194304\n"、stderr ""、退出码 0

  Rule: 能不能建 cgroup，按本进程的 /proc/self/cgroup 与挂着的层级判断；建不了时只有 rlimit

    Scenario Outline: <层级>
      Given 一个假的 cgroup 根目录，统一层级的子 cgroup 启用的控制器为 "<启用>"
      When 按 /proc/self/cgroup 的内容 "<内容>" 找能建 cgroup 的地方
      Then 进程数的 cgroup 应建在 "<进程数>"，内存的建在 "<内存>"

      Examples:
        | 层级                                         | 启用        | 内容                              | 进程数          | 内存            |
        | 旧的分层（cgroup v1）                        | 不是统一层级 | 8:pids:/a\n4:memory:/b\n1:cpu:/   | {root}/pids/a   | {root}/memory/b |
        | 统一层级（cgroup v2），已为子 cgroup 启用两者 | pids memory | 0::/user/app                      | {root}/user/app | {root}/user/app |
        | 统一层级，只启用了 pids                      | cpu pids    | 0::/user/app                      | {root}/user/app | 无              |
        | 统一层级，没有启用                           |             | 0::/user/app                      | 无              | 无              |
        | 混合：统一层级挂在别处，只算旧的分层         | 不是统一层级 | 8:pids:/\n0::/                    | {root}/pids     | 无              |

    @bwrap @cgroup
    Scenario: 被 SIGKILL 的 synapse 留下的空 cgroup，下一个 Shell 启动时清掉
      Given 进程数的 cgroup 层级里有一个已经结束的 synapse 进程留下的空 cgroup
      And workspace-write 沙箱的 Router 有这些资源上限:
        | 进程 | 内存 | 文件大小 | CPU 秒 |
        | 32   | none | none     | none   |
      When 路由命令 `true`
      Then 那个留下的 cgroup 应已不在
