@own @cli
Feature: 没有会话的运行，卸载目录是它自己的：用完删除，被杀掉的运行留下的由下一次运行清走
  没有会话的 Runner 把卸载的工具结果放在 ~/.synapse/offload 下一个以本机主机名和进程号命名的目录里，
  运行结束（close）时删除。被 SIGKILL 的运行来不及删除；下一次没有会话的运行开始时，删除本机上
  已经不在运行的进程留下的目录。还在运行的进程的、别的主机（共享的 HOME）的目录不动：
  它们的文件可能还有人要读。

  Scenario: 本机已结束进程留下的卸载目录被删除；仍在运行的进程的、别的主机的都保留；这次运行的目录用完即删
    Given CLI 的 HOME 里有本机一个已结束进程、本机一个仍在运行的进程和另一台主机各留下的卸载目录
    And CLI 模型会回复 "done"
    When CLI 运行 synapse "run --no-session --base-url <model> 'hi'"
    Then CLI 退出码应该是 0
    And HOME 的 ~/.synapse/offload 里应只剩仍在运行的进程和另一台主机的卸载目录
