@own @security
Feature: 沙箱怎样建起来：探测 bubblewrap、选择模式、启动 Shell 的命令与拒绝的原因
  `bubblewrapStatus()` 探测 bwrap 能不能在这里建沙箱：必须装了、而且真能用同样的命名空间跑起来（没有用户命名空间的
  容器里有程序却不能用）；每个进程对每个程序只探测一次。`SYNAPSE_BWRAP` 指定另一个程序，`none` 表示不用。
  `Sandbox` 据此决定模式（有 bwrap 时默认 workspace-write，否则 off）、一行描述、一条没有落实时的警告，以及启动
  Shell 的命令：整个文件系统只读、私有的 /tmp、工作区按模式可写或只读、工作区外要看的路径只读挂进来、自己的 pid
  命名空间、随父进程结束、没有 capability、默认没有网络、TMPDIR 指向私有的 /tmp。在 Node 里运行的 Agent 命令
  被沙箱拒绝时，原因说明是哪个符号链接指了出去；宿主的临时目录（/tmp 与 TMPDIR）都藏起来。

  Rule: 探测 bwrap：能用就是能用，不能用时说明原因

    Scenario: 能跑起来的 bwrap 可用，它是用 Shell 要用的命名空间探测的，同一个程序只探测一次
      Given 假的 bwrap 程序 `fake-bwrap` 的内容为:
        """
        #!/bin/sh
        echo "$*" >> "$0.log"
        yes | head -c 2000000
        exit 0
        """
      When 探测 bubblewrap `fake-bwrap` 两次
      Then 探测结果应为可用
      And 假的 bwrap 应只运行过 1 次，参数为 `--ro-bind / / --dev /dev --proc /proc --unshare-pid --unshare-net --die-with-parent --cap-drop ALL -- true`

    Scenario Outline: 不能用的 bwrap：<情形>
      Given 假的 bwrap 程序 `fake-bwrap` 的内容为:
        """
        #!/bin/sh
        <脚本>
        """
      When 探测 bubblewrap `fake-bwrap`
      Then 探测结果应为不可用，原因为 "bubblewrap ({path}) cannot create a sandbox here (<原因>); it needs unprivileged user namespaces or root"

      Examples:
        | 情形                               | 脚本                                                                              | 原因                                          |
        | 错误输出的第一行非空行说明原因     | echo >&2; echo 'bwrap: setting up uid map: Permission denied' >&2; echo x >&2; exit 1 | bwrap: setting up uid map: Permission denied |
        | 什么也没说时给出退出码             | exit 3                                                                            | exit 3                                        |
        | 被信号结束时给出信号               | kill -TERM $$                                                                     | exit SIGTERM                                  |

    Scenario: 没有装 bwrap
      When 探测 bubblewrap `no-such-bwrap`
      Then 探测结果应为不可用，原因为 "bubblewrap ({path}) is not installed: install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap; Fedora: dnf install bubblewrap)"

    Scenario: bwrap 不能执行
      Given 假的 bwrap 程序 `fake-bwrap` 存在但不可执行
      When 探测 bubblewrap `fake-bwrap`
      Then 探测结果应为不可用，原因为 "bubblewrap ({path}) cannot run: spawnSync {path} EACCES"

  Rule: 模式、描述与警告

    Scenario: SYNAPSE_BWRAP=none 时默认不用沙箱，也不警告
      Given 环境变量 SYNAPSE_BWRAP 为 "none"
      When 为工作区创建沙箱
      Then 沙箱的模式应为 "off"，描述为 "no sandbox"
      And 沙箱没有警告
      And 沙箱在 `{workspace}` 启动 Shell 的命令应为:
        """
        bash --noprofile --norc
        """

    Scenario: 要求 read-only 而 SYNAPSE_BWRAP=none：模式照旧，警告说明只剩筛查
      Given 环境变量 SYNAPSE_BWRAP 为 "none"
      When 为工作区创建沙箱，模式 "read-only"
      Then 沙箱的模式应为 "read-only"，描述为 "read-only sandbox NOT enforced (bubblewrap unavailable)"
      And 沙箱的警告应为 "the read-only sandbox is not enforced: bubblewrap is disabled by SYNAPSE_BWRAP=none; only a screen of common file-changing commands applies (bash -c, interpreters and the like get through)"
      And 沙箱在 `{workspace}` 启动 Shell 的命令应为:
        """
        bash --noprofile --norc
        """

    Scenario: 要求 workspace-write 而 SYNAPSE_BWRAP 指定的 bwrap 不能用：警告说明原因与后果
      Given 假的 bwrap 程序 `fake-bwrap` 的内容为:
        """
        #!/bin/sh
        exit 3
        """
      And 环境变量 SYNAPSE_BWRAP 为 "{dir}/fake-bwrap"
      When 为工作区创建沙箱，模式 "workspace-write"
      Then 沙箱的模式应为 "workspace-write"，描述为 "workspace-write sandbox NOT enforced (bubblewrap unavailable)"
      And 沙箱的警告应为 "the workspace-write sandbox is not enforced: bubblewrap ({path}) cannot create a sandbox here (exit 3); it needs unprivileged user namespaces or root; shell commands can write anywhere you can (write and edit stay confined to the workspace)"

    Scenario: 换成 off 的沙箱不再有警告
      Given 环境变量 SYNAPSE_BWRAP 为 "none"
      When 为工作区创建沙箱，模式 "read-only"
      And 把沙箱换成模式 "off"
      Then 沙箱的模式应为 "off"，描述为 "no sandbox"
      And 沙箱没有警告

    Scenario: 工作区还不存在时，沙箱的工作区就是给定的路径
      When 为还不存在的工作区 `not-yet` 创建沙箱
      Then 沙箱的工作区应为 "{workspace}/not-yet"

  Rule: 有 bwrap 时 Shell 在沙箱里启动

    @bwrap
    Scenario: 默认是 workspace-write：工作区可写（项目的 .synapse/ 除外），其余只读，/tmp 私有，没有网络
      Given 环境变量 SYNAPSE_BWRAP 为 "bwrap"
      When 为工作区创建沙箱
      Then 沙箱的模式应为 "workspace-write"，描述为 "workspace-write sandbox (bubblewrap)"
      And 沙箱没有警告
      And 沙箱在 `{workspace}` 启动 Shell 的命令应为（随父进程结束）:
        """
        bwrap --ro-bind / / --dev /dev --proc /proc --tmpfs /tmp --bind {workspace} {workspace}
        --ro-bind {workspace}/.synapse {workspace}/.synapse
        --unshare-pid --die-with-parent --cap-drop ALL --unshare-net --setenv TMPDIR /tmp --chdir {workspace}
        -- bash --noprofile --norc
        """

    @bwrap
    Scenario: 换成 read-only：工作区也只读
      Given 环境变量 SYNAPSE_BWRAP 为 "bwrap"
      When 为工作区创建沙箱
      And 把沙箱换成模式 "read-only"
      Then 沙箱的模式应为 "read-only"，描述为 "read-only sandbox (bubblewrap)"
      And 沙箱在 `{workspace}` 启动 Shell 的命令应为（随父进程结束）:
        """
        bwrap --ro-bind / / --dev /dev --proc /proc --tmpfs /tmp --ro-bind {workspace} {workspace}
        --unshare-pid --die-with-parent --cap-drop ALL --unshare-net --setenv TMPDIR /tmp --chdir {workspace}
        -- bash --noprofile --norc
        """

    @bwrap
    Scenario: 工作区外要看的路径只读挂进来（在工作区之前）；工作区里的与不存在的不挂；允许网络时共享网络
      Given 环境变量 SYNAPSE_BWRAP 为 "bwrap"
      And 工作区外有一个空目录 "skills"
      And 工作区里有目录 `local-skills`
      When 为工作区创建沙箱，模式 "workspace-write"，允许网络，可读路径为 `{skills}、{workspace}/local-skills、{skills}/missing`
      Then 沙箱在 `{workspace}/local-skills` 启动 Shell 的命令应为（随父进程结束）:
        """
        bwrap --ro-bind / / --dev /dev --proc /proc --tmpfs /tmp --ro-bind {skills} {skills}
        --bind {workspace} {workspace} --ro-bind {workspace}/.synapse {workspace}/.synapse
        --unshare-pid --die-with-parent --cap-drop ALL --setenv TMPDIR /tmp --chdir {workspace}/local-skills
        -- bash --noprofile --norc
        """

  Rule: Agent 命令被沙箱拒绝时，原因说明是哪个符号链接指了出去；宿主的临时目录都藏起来

    Scenario: 经符号链接写到工作区外：原因说出是哪个符号链接、它指向哪里（还不存在的各级目录一个也不建）
      Given Router 的沙箱模式为 "workspace-write"
      And 工作区里的 `out` 是指向工作区外一个空目录的符号链接
      When 路由命令 `write out/new/deeper/file.txt "x"`
      Then 命令被拒绝，原因恰为 "sandbox: {workspace}/out/new/deeper/file.txt is outside the workspace {workspace} ({workspace}/out is a symlink to {outside}); the workspace-write sandbox only lets commands change files inside it"
      And 工作区外的目录 "outside" 应仍是空的

    Scenario: 直接写到工作区外：原因里没有“指向”
      Given Router 的沙箱模式为 "workspace-write"
      And 工作区里的 `out` 是指向工作区外一个空目录的符号链接
      When 路由命令 `write {outside}/direct.txt "x"`
      Then 命令被拒绝，原因恰为 "sandbox: {outside}/direct.txt is outside the workspace {workspace}; the workspace-write sandbox only lets commands change files inside it"

    Scenario: 宿主的 TMPDIR 指向别处时，它与 /tmp 都藏起来
      Given 宿主的 /tmp 与另设的 TMPDIR 里各有一个文件
      And Router 的沙箱模式为 "read-only"
      When 路由命令 `read {in-tmpdir}`
      Then 命令被拒绝，原因恰为 "sandbox: {in-tmpdir} is hidden from commands in the read-only sandbox (a private /tmp, no /proc of other processes)"
      When 路由命令 `read {in-tmp}`
      Then 命令被拒绝，原因恰为 "sandbox: {in-tmp} is hidden from commands in the read-only sandbox (a private /tmp, no /proc of other processes)"

    @bwrap
    Scenario: 沙箱里的命令看到的 TMPDIR 是私有的 /tmp，不是宿主的
      Given 宿主的 /tmp 与另设的 TMPDIR 里各有一个文件
      And Router 的沙箱模式为 "workspace-write"
      When 路由命令 `echo "$TMPDIR"`
      Then 命令结果应为 stdout "/tmp\n"、stderr ""、退出码 0
