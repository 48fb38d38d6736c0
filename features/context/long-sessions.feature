@own
Feature: 长会话不丢东西：压缩只改写活动历史，完整记录留在会话里
  文档说压缩后历史被替换，没有说被替换的原话去了哪里。这里的规定：压缩和卸载只改写活动历史（模型看到的）；
  离开活动历史的每条原话先追加到会话目录的 archive.jsonl，之后才改写历史，所以任何一步崩溃都不丢、不重复；
  Session.transcript()（synapse sessions show --all）按原顺序给出全部原话。卸载的工具结果留在会话的 offload/
  里，模型可以用 read 读回（沙箱也让它读）；卸载目录里被换成符号链接的文件不会被跟随。
  运行一开始（run_started 之前）用户的原话就已在磁盘上；进程被杀掉时它作为“没有回答的输入”留在会话里，
  续接时报告、显示，但不发给模型。会话数有上限时，最旧的会话连同卸载的文件一起删除。

  Rule: 压缩与卸载之后，完整记录仍是全部原话

    Scenario: 压缩后续接会话：模型只看到两次提问、摘要和最近的消息，完整记录按原顺序给出全部原话
      Given 会话里已有一段两次提问、每次读过 4 个各约 300 词日志的对话
      And 写摘要的请求会得到摘要 "读过 8 个日志。"
      When Runner 压缩会话后，新的 Runner 续接它执行 "还有别的吗？"，模型回复 "没有了。"
      Then 续接后的请求应以原来的两次提问开头，接着是摘要，不含第 1 个日志的原文
      And 会话的完整记录应为压缩前的全部消息，再加上 "还有别的吗？" 与 "没有了。"

    Scenario: 归档尾部有一次被崩溃打断的写入：完整记录不显示它，下一次压缩先截掉它，每条原话只归档一次
      Given 会话里已有一段读过 6 个各约 300 词日志的对话
      And 会话的 archive.jsonl 末尾有一次没有完成的写入
      Then 会话的完整记录应为压缩前的全部消息
      Given 写摘要的请求会得到摘要 "读过 6 个日志。"
      When Runner 压缩会话
      Then 会话的 archive.jsonl 应恰好是压缩前的全部消息，各一次

  Rule: 卸载的结果可以读回

    Scenario: 模型用 read 读回被卸载的工具结果，会话目录在工作区之外也能读
      Given Runner 的工作目录在会话目录之外，卸载阈值很低
      And 模型先用 Bash 生成一份约 2000 词的报告，然后读回被卸载的文件，然后回复 "读回来了"
      When 执行一次运行
      Then 运行应以 "读回来了" 结束
      And read 应给出被卸载的原文

    Scenario: 卸载目录里被换成符号链接的文件不会被跟随
      Given 卸载目录里的一个文件被换成指向 "secrets.txt" 的符号链接
      When 执行内容恢复
      Then 该引用应恢复为 "[Content unavailable: <path>]"，不含 "secrets.txt" 的内容

  Rule: 用户的原话在运行宣布之前就在磁盘上

    Scenario: run_started 发出时，原话已经写在会话的 pending-input.json 里；模型回答后它进入历史
      Given 使用临时会话目录创建 Runner
      And 模型会回复 "收到。"
      When 以输入 "整理一下笔记" 执行一次运行，并在 run_started 时查看会话目录
      Then run_started 时会话目录里应已有 pending-input.json，记着 "整理一下笔记"
      And 运行结束后 pending-input.json 应已删除，历史中有 "整理一下笔记"

    Scenario: 被杀掉的运行留下的输入：续接时报告，保留在历史里，标为没有回答，不发给模型
      Given 会话里已有一段读过 1 个各约 50 词日志的对话
      And 会话里留有被杀掉的运行的输入 "把报告发给老板"
      And 模型会回复 "好的，先看看报告。"
      When 以输入 "先别发，改一下标题" 续接会话执行一次运行
      Then Runner 应报告 "the last run ended before the model answered \"把报告发给老板\""
      And 模型收到的请求中不应有 "把报告发给老板"
      And 会话历史中 "把报告发给老板" 应标为没有回答的输入，位于 "先别发，改一下标题" 之前

    Scenario: 运行失败时删不掉 pending-input.json：报告为警告，错误照常报告
      Given 使用临时会话目录创建 Runner
      And 模型会以 HTTP 500 "model down" 拒绝下一个请求
      When 执行一次运行，运行开始后 pending-input.json 被换成一个目录
      Then 运行应以包含 "model down" 的错误失败
      And Runner 应报告 "the unanswered input could not be removed from the session"

    Scenario: pending-input.json 坏了：报告并原样留下，会话照常加载
      Given 会话里已有一段读过 1 个各约 50 词日志的对话
      And 会话的 pending-input.json 被写坏
      And 模型会回复 "好的。"
      When 以输入 "继续" 续接会话执行一次运行
      Then Runner 应报告 "is not a readable pending input; left as it is"
      And 运行应以 "好的。" 结束

  Rule: 完整记录缺了归档时如实报告

    Scenario: archive.jsonl 被删掉：完整记录给出剩下的部分，并说明缺了多少
      Given 会话里已有一段读过 6 个各约 300 词日志的对话
      And 写摘要的请求会得到摘要 "读过 6 个日志。"
      When Runner 压缩会话
      And 会话的 archive.jsonl 被删除
      Then 会话的完整记录应报告 "holds 0 of the 14 archived messages the session counts"

  Rule: /compact 的失败如实报告

    Scenario: 运行进行中执行 /compact：说明为什么失败，历史不变
      Given 会话里已有一段读过 6 个各约 300 词日志的对话
      And 模型的回复要等到放行
      When 运行进行中用户执行 `/compact`
      Then 输出应为 "Compaction failed (AgentRunner.compact: a run is in progress on this runner); the history is unchanged."
      And 放行后运行照常完成

    Scenario: 卸载目录读不了时清理报告它，不抛出
      Given 卸载目录的位置上是一个普通文件
      When 执行 cleanupOffloadedFiles
      Then 清理结果应报告卸载目录读不了，什么都没删

  Rule: 会话数有上限

    Scenario: 超过上限时删除最旧的会话，连同它卸载的文件；正被写的会话不删
      Given 会话目录里依次有 4 个各有卸载文件的会话，最旧的一个正被另一个写者持有
      When 以最多 3 个会话的存储新建一个会话
      Then 第 2 旧与第 3 旧的会话应连同它们卸载的文件被删除
      And 会话目录里应只剩最旧的（被持有的）与最新的两个会话
