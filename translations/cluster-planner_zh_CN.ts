<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Language</name>
    <message>
        <location filename="../views/style/language.cpp" line="+46"/>
        <source>System</source>
        <translation>跟随系统</translation>
    </message>
</context>
<context>
    <name>QComboBox</name>
    <message>
        <location filename="../views/docks/catalogpicker.cpp" line="+21"/>
        <location line="+89"/>
        <source>%1 kW</source>
        <translation>%1 kW</translation>
    </message>
    <message>
        <location line="-27"/>
        <source>%1 × %2 Gb/s, %3</source>
        <translation>%1 × %2 Gb/s，%3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 Gb/s</source>
        <translation>%1 Gb/s</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 Gb/s, up to %2 m</source>
        <translation>%1 Gb/s，最长 %2 m</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 U, %2 kW, %3 kg</source>
        <translation>%1 U，%2 kW，%3 kg</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 GPUs, %2 U, %3</source>
        <translation>%1 个 GPU，%2 U，%3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 TB, %2 U</source>
        <translation>%1 TB，%2 U</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 TFLOPS bf16, %2 GB</source>
        <translation>%1 TFLOPS bf16，%2 GB</translation>
    </message>
</context>
<context>
    <name>RackCategory</name>
    <message>
        <location filename="../views/plan/items/rackcategory.cpp" line="+40"/>
        <source>GPU servers</source>
        <translation>GPU 服务器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Supernode</source>
        <translation>超节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Network</source>
        <translation>网络</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Storage</source>
        <translation>存储</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Empty / other</source>
        <translation>空 / 其他</translation>
    </message>
</context>
<context>
    <name>cp::Figures</name>
    <message>
        <location filename="../views/i18n/figurestrings.cpp" line="+10"/>
        <source>GPUs installed</source>
        <translation>已安装 GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPUs active</source>
        <translation>在用 GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPUs spare</source>
        <translation>热备 GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>hot-spare GPUs</source>
        <translation>热备 GPU 数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Servers</source>
        <translation>服务器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nodes</source>
        <translation>个节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Supernodes</source>
        <translation>超节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Racks</source>
        <translation>机柜</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>racks</source>
        <translation>机柜</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>   compute</source>
        <translation>   计算</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>   network</source>
        <translation>   网络</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>   storage</source>
        <translation>   存储</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NICs</source>
        <translation>网卡</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Storage nodes</source>
        <translation>存储节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Storage capacity</source>
        <translation>存储容量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TB</source>
        <translation>TB</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>storage capacity TB</source>
        <translation>存储容量（TB）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Power units</source>
        <translation>配电单元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>units</source>
        <translation>台</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cooling units</source>
        <translation>制冷单元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cooling units</source>
        <translation>制冷单元数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fabric (%1)</source>
        <translation>网络（%1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tiers</source>
        <translation>层</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>scale-out switch tiers</source>
        <translation>横向扩展网络交换机层数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>switch port Gb/s</source>
        <translation>交换机端口速率（Gb/s）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>scale-up domain GPUs</source>
        <translation>纵向扩展域 GPU 数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPUs per scale-up domain</source>
        <translation>每个纵向扩展域的 GPU 数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scale-up (%1-GPU domain)</source>
        <translation>纵向扩展（%1 GPU 域）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GB/s</source>
        <translation>GB/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>scale-up GB/s per GPU</source>
        <translation>每 GPU 纵向扩展带宽（GB/s）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scale-out per GPU</source>
        <translation>每 GPU 横向扩展带宽</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Gb/s</source>
        <translation>Gb/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>scale-out Gb/s per GPU</source>
        <translation>每 GPU 横向扩展带宽（Gb/s）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bisection</source>
        <translation>对分带宽</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TB/s</source>
        <translation>TB/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>bisection TB/s</source>
        <translation>对分带宽（TB/s）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Optics power</source>
        <translation>光模块功耗</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>kW</source>
        <translation>kW</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>pods</source>
        <translation>Pod 数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Worst path</source>
        <translation>最差路径</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>switch hops</source>
        <translation>跳</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>worst path switch hops</source>
        <translation>最差路径交换机跳数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>worst path latency µs</source>
        <translation>最差路径时延（µs）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%</source>
        <translation>%</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MFU %</source>
        <translation>MFU（%）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MFU P10</source>
        <translation>MFU P10</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MFU P10 %</source>
        <translation>MFU P10（%）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MFU P90</source>
        <translation>MFU P90</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MFU P90 %</source>
        <translation>MFU P90（%）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model TFLOP/s per GPU</source>
        <translation>每 GPU 模型算力</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TFLOP/s</source>
        <translation>TFLOP/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>model TFLOP/s per GPU</source>
        <translation>每 GPU 模型算力（TFLOP/s）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model TFLOP/s per GPU P10</source>
        <translation>每 GPU 模型算力 P10</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>model TFLOP/s per GPU P10</source>
        <translation>每 GPU 模型算力 P10（TFLOP/s）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model TFLOP/s per GPU P90</source>
        <translation>每 GPU 模型算力 P90</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>model TFLOP/s per GPU P90</source>
        <translation>每 GPU 模型算力 P90（TFLOP/s）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hardware TFLOP/s per GPU</source>
        <translation>每 GPU 硬件算力</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>hardware TFLOP/s per GPU</source>
        <translation>每 GPU 硬件算力（TFLOP/s）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hardware TFLOP/s per GPU P10</source>
        <translation>每 GPU 硬件算力 P10</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>hardware TFLOP/s per GPU P10</source>
        <translation>每 GPU 硬件算力 P10（TFLOP/s）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hardware TFLOP/s per GPU P90</source>
        <translation>每 GPU 硬件算力 P90</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>hardware TFLOP/s per GPU P90</source>
        <translation>每 GPU 硬件算力 P90（TFLOP/s）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>s</source>
        <translation>秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>step time s</source>
        <translation>单步时间（秒）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Step time P10</source>
        <translation>单步时间 P10</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>step time P10 s</source>
        <translation>单步时间 P10（秒）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Step time P90</source>
        <translation>单步时间 P90</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>step time P90 s</source>
        <translation>单步时间 P90（秒）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tokens per second</source>
        <translation>每秒 token 数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>k tok/s</source>
        <translation>千 tok/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tokens per s, thousands</source>
        <translation>每秒 token 数（千）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tokens per second P10</source>
        <translation>每秒 token 数 P10</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tokens per s P10, thousands</source>
        <translation>每秒 token 数 P10（千）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tokens per second P90</source>
        <translation>每秒 token 数 P90</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tokens per s P90, thousands</source>
        <translation>每秒 token 数 P90（千）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Memory per GPU</source>
        <translation>每 GPU 显存</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GB</source>
        <translation>GB</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time to train</source>
        <translation>训练时长</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>days</source>
        <translation>天</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>failure-free time to train days</source>
        <translation>无故障训练时长（天）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time to train P10</source>
        <translation>训练时长 P10</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>failure-free time to train P10 days</source>
        <translation>无故障训练时长 P10（天）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time to train P90</source>
        <translation>训练时长 P90</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>failure-free time to train P90 days</source>
        <translation>无故障训练时长 P90（天）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>pipeline bubble %</source>
        <translation>流水线气泡（%）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPUs the job uses</source>
        <translation>作业使用的 GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>of %1</source>
        <translation>/ %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>workload parameters, billions</source>
        <translation>训练负载参数量（十亿）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>IT power (training load)</source>
        <translation>IT 功率（训练负载下）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>IT power MW</source>
        <translation>IT 功率（MW）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>IT power (nameplate)</source>
        <translation>IT 功率（铭牌）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>max kW per m²</source>
        <translation>最大功率密度（kW/m²）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Facility power</source>
        <translation>设施功率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>facility power MW</source>
        <translation>设施功率（MW）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PUE</source>
        <translation>PUE</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Densest rack</source>
        <translation>最高密度机柜</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>kW/rack</source>
        <translation>kW/机柜</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>max kW per rack</source>
        <translation>单机柜最大功率（kW）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Energy per year</source>
        <translation>年能耗</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MWh/yr</source>
        <translation>MWh/年</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Job MTBF</source>
        <translation>作业 MTBF</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>h</source>
        <translation>h</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>job MTBF h</source>
        <translation>作业 MTBF（h）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>job interruptions per day</source>
        <translation>作业每天中断次数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Goodput</source>
        <translation>Goodput</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>goodput %</source>
        <translation>Goodput（%）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Largest failure domain</source>
        <translation>最大故障域</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>largest failure domain GPUs</source>
        <translation>最大故障域 GPU 数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>checkpoint size TB</source>
        <translation>检查点大小（TB）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>storage write GB/s</source>
        <translation>存储写入带宽（GB/s）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>checkpoint write s</source>
        <translation>检查点写入时间（s）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>checkpoint restore s</source>
        <translation>检查点恢复时间（s）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Checkpoint every</source>
        <translation>检查点间隔</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>min</source>
        <translation>min</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>checkpoint interval min</source>
        <translation>检查点间隔（min）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>recovery min</source>
        <translation>恢复时间（min）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>time lost per failure min</source>
        <translation>每次故障损失时间（min）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time to train with failures</source>
        <translation>有效训练时长（含故障）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>time to train days</source>
        <translation>训练时长（天）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Goodput P10</source>
        <translation>Goodput P10</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>goodput P10 %</source>
        <translation>Goodput P10（%）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Goodput P90</source>
        <translation>Goodput P90</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>goodput P90 %</source>
        <translation>Goodput P90（%）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>time to train P10 days</source>
        <translation>训练时长 P10（天）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>time to train P90 days</source>
        <translation>训练时长 P90（天）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>restart min</source>
        <translation>重启时间（min）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>checkpoint stall s</source>
        <translation>检查点停顿时间（s）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CAPEX</source>
        <translation>CAPEX</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>M USD</source>
        <translation>M USD</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CAPEX $M</source>
        <translation>CAPEX（$M）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cooling plant $M</source>
        <translation>制冷站（$M）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OPEX per year</source>
        <translation>年 OPEX</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>M USD/yr</source>
        <translation>M USD/年</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OPEX $M/yr</source>
        <translation>OPEX（$M/年）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>staff FTE</source>
        <translation>运维人员（FTE）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delivery (order to productive)</source>
        <translation>交付周期（下单至投产）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>months</source>
        <translation>个月</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>delivery months</source>
        <translation>交付周期（月）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>delivery cost $M</source>
        <translation>交付期成本（$M）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>renting meanwhile $M</source>
        <translation>交付期间云租用（$M）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TCO over %1 years</source>
        <translation>%1 年 TCO</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TCO $M</source>
        <translation>TCO（$M）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cost per GPU-hour</source>
        <translation>每 GPU·小时成本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>USD</source>
        <translation>USD</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cost per GPU-hour $</source>
        <translation>每 GPU·小时成本（$）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>effective PFLOP/s per GPU</source>
        <translation>每 GPU 有效 PFLOP/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cost per effective PFLOP-hour</source>
        <translation>每有效 PFLOP·小时成本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>$ per effective PFLOP-h</source>
        <translation>每有效 PFLOP·小时成本（$）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cost per million tokens $</source>
        <translation>每百万 token 成本（$）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cost to train $M</source>
        <translation>训练成本（$M）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cloud price per GPU-hour $</source>
        <translation>云租用每 GPU·小时价格（$）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cloud cost to train $M</source>
        <translation>云租用训练成本（$M）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Break-even against the cloud</source>
        <translation>与云租用盈亏平衡</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>month</source>
        <translation>个月</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cloud break-even month</source>
        <translation>与云租用盈亏平衡（月）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>never</source>
        <translation>永不</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time to train, all ranges</source>
        <translation>训练时长（综合所有区间）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NPV of owning vs the cloud</source>
        <translation>自建相对云租用的 NPV</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NPV owning vs cloud $M</source>
        <translation>自建相对云租用 NPV（$M）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>a month&apos;s delay $M</source>
        <translation>延期一个月成本（$M）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>P(owning beats the cloud) %</source>
        <translation>自建优于云租用的概率（%）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>fleet utilisation %</source>
        <translation>机群利用率（%）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Break-even utilisation</source>
        <translation>盈亏平衡利用率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>break-even utilisation %</source>
        <translation>盈亏平衡利用率（%）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>scale-up domains (servers, supernodes)</source>
        <translation>纵向扩展域数（服务器、超节点）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>compute-fabric switches</source>
        <translation>计算网络交换机数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>bisection GB/s per GPU</source>
        <translation>每 GPU 对分带宽（GB/s）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>worst oversubscription :1</source>
        <translation>最大收敛比（:1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>exposed communication % of step</source>
        <translation>未掩盖通信占单步时间（%）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPUs the job runs on</source>
        <translation>作业运行的 GPU 数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>active GPUs idle to the job %</source>
        <translation>在用 GPU 中作业未用占比（%）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPUs per model replica (TP·PP·CP)</source>
        <translation>每个模型副本的 GPU 数（TP·PP·CP）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPUs under one leaf group</source>
        <translation>单个叶交换机组下的 GPU 数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPUs down per GPU failure</source>
        <translation>单 GPU 故障导致宕机的 GPU 数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>spare share of GPUs %</source>
        <translation>热备 GPU 占比（%）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>goodput gained by spares, points</source>
        <translation>热备带来的 Goodput 提升（百分点）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>worst power unit load after a failure %</source>
        <translation>故障后配电单元最高负载率（%）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>worst cooling unit load after a failure %</source>
        <translation>故障后制冷单元最高负载率（%）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>mean kW per rack</source>
        <translation>单机柜平均功率（kW）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>IT kW per GPU</source>
        <translation>每 GPU IT 功率（kW）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>liquid-cooled share of heat %</source>
        <translation>液冷散热占比（%）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NIC line rate Gb/s</source>
        <translation>网卡线速（Gb/s）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NICs per GPU</source>
        <translation>每 GPU 网卡数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>effective PFLOP/s of the cluster</source>
        <translation>集群有效 PFLOP/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPUs per FTE</source>
        <translation>每 FTE 运维 GPU 数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>part failures per month</source>
        <translation>每月部件故障次数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>onboarding and migration effort</source>
        <translation>上线与迁移工作量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CAPEX compute %</source>
        <translation>CAPEX 计算占比（%）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CAPEX network %</source>
        <translation>CAPEX 网络占比（%）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CAPEX storage %</source>
        <translation>CAPEX 存储占比（%）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CAPEX power and cooling %</source>
        <translation>CAPEX 供电与制冷占比（%）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CAPEX facility %</source>
        <translation>CAPEX 设施占比（%）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CAPEX integration %</source>
        <translation>CAPEX 集成占比（%）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OPEX share of TCO %</source>
        <translation>OPEX 占 TCO 比例（%）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>energy share of OPEX %</source>
        <translation>电费占 OPEX 比例（%）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Key figures</source>
        <translation>关键指标</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Architecture</source>
        <translation>架构</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Storage and checkpoints</source>
        <translation>存储与检查点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scheduling and placement</source>
        <translation>调度与放置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failure domain</source>
        <translation>故障域</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Redundancy</source>
        <translation>冗余</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Power per rack</source>
        <translation>单机柜功率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cooling</source>
        <translation>制冷</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NIC speed</source>
        <translation>网卡速率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scale</source>
        <translation>规模</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Operations</source>
        <translation>运维</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delivery time</source>
        <translation>交付周期</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cost structure</source>
        <translation>成本结构</translation>
    </message>
    <message>
        <location filename="../model/analysis/rangetable.cpp" line="+29"/>
        <source>TCO, $M</source>
        <translation>TCO，$M</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NPV owning vs cloud, $M</source>
        <translation>自建相对云租用的净现值，$M</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cost per effective PFLOP-h, $</source>
        <translation>每有效 PFLOP·小时成本，$</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cost per million tokens, $</source>
        <translation>每百万 token 成本，$</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>time to train, days</source>
        <translation>训练时长，天</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cost to train, $M</source>
        <translation>训练成本，$M</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cloud break-even, month</source>
        <translation>与云租用盈亏平衡，月</translation>
    </message>
</context>
<context>
    <name>cp::Parts</name>
    <message>
        <location filename="../report/partnames.cpp" line="+36"/>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Compute tray</source>
        <translation>计算托盘</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NVLink switch tray</source>
        <translation>NVLink 交换托盘</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NIC</source>
        <translation>网卡</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NIC link (optic/cable)</source>
        <translation>网卡链路（光模块/线缆）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Leaf switch</source>
        <translation>叶交换机</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Spine switch</source>
        <translation>脊交换机</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Core switch</source>
        <translation>核心交换机</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Leaf–spine link</source>
        <translation>叶–脊链路</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Spine–core link</source>
        <translation>脊–核心链路</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Software (per GPU rank)</source>
        <translation>软件（每 GPU rank）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Storage node</source>
        <translation>存储节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PDU</source>
        <translation>PDU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Busway</source>
        <translation>母线槽</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>UPS</source>
        <translation>UPS</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CRAH</source>
        <translation>CRAH</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rear-door heat exchanger</source>
        <translation>背板换热器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CDU</source>
        <translation>CDU</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Shrink</source>
        <translation>缩容</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Hot spare</source>
        <translation>热备</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Restart</source>
        <translation>重启</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The job restarts from its last checkpoint without the GPUs lost, until the part is repaired</source>
        <translation>作业从最近的检查点重启，不使用丢失的 GPU，直至部件维修完成</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The job restarts from its last checkpoint with a hot spare in place of the failed part</source>
        <translation>作业从最近的检查点重启，由热备替换故障部件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The job restarts from its last checkpoint on the same GPUs</source>
        <translation>作业在原有 GPU 上从最近的检查点重启</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The job runs on</source>
        <translation>作业继续运行</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>leaf</source>
        <extracomment>a switch tier of the fabric, inside a label such as &quot;Switches, leaf&quot;</extracomment>
        <translation>叶层</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>spine</source>
        <translation>脊层</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>core</source>
        <translation>核心层</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>super-core</source>
        <translation>超核心层</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>storage</source>
        <extracomment>a switch network other than the compute fabric, inside &quot;Switches, storage network&quot;</extracomment>
        <translation>存储</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>management</source>
        <translation>管理</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unassigned</source>
        <translation>未分配</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>blocking</source>
        <extracomment>how the job writes its checkpoints, one short word in the unit column beside the resilience policy&apos;s name</extracomment>
        <translation>阻塞式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>async</source>
        <translation>异步</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>in-memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>air</source>
        <extracomment>how a rack type is cooled, before &quot;limit 41 kW&quot; in the power overlay&apos;s legend</extracomment>
        <translation>风冷</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>liquid</source>
        <translation>液冷</translation>
    </message>
</context>
<context>
    <name>cp::Problems</name>
    <message>
        <location filename="../model/core/design.cpp" line="+116"/>
        <source>must be a positive number</source>
        <translation>必须是正数</translation>
    </message>
    <message>
        <location line="+5"/>
        <location filename="../model/reliability/reliability.cpp" line="+83"/>
        <location filename="../model/cost/cost.cpp" line="+190"/>
        <source>must not be negative</source>
        <translation>不能为负数</translation>
    </message>
    <message>
        <location line="+16"/>
        <location line="+36"/>
        <location line="+264"/>
        <source>must not be empty</source>
        <translation>不能为空</translation>
    </message>
    <message>
        <location line="-298"/>
        <source>duplicate id %1</source>
        <translation>重复的标识 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+300"/>
        <location line="+2"/>
        <source>contains a control character (%1)</source>
        <translation>含有控制字符（%1）</translation>
    </message>
    <message>
        <location line="-299"/>
        <location line="+72"/>
        <location line="+230"/>
        <location line="+34"/>
        <location filename="../model/edit/designedit.cpp" line="+34"/>
        <location line="+39"/>
        <location line="+27"/>
        <location filename="../model/edit/editsupport.cpp" line="+78"/>
        <location filename="../model/edit/propertyedits.cpp" line="+98"/>
        <location filename="../model/edit/rackcontents.cpp" line="+160"/>
        <source>unknown catalog id %1</source>
        <translation>未知的部件目录标识 %1</translation>
    </message>
    <message>
        <location line="-333"/>
        <location filename="../model/edit/propertyedits.cpp" line="+2"/>
        <source>%1 is a %2, not a power unit</source>
        <translation>%1 是 %2，不是配电单元</translation>
    </message>
    <message>
        <location line="+3"/>
        <location filename="../model/edit/propertyedits.cpp" line="+1"/>
        <source>%1 is a %2, not a cooling unit</source>
        <translation>%1 是 %2，不是制冷单元</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>position lies outside the hall</source>
        <translation>位置在机房之外</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>unknown rack %1</source>
        <translation>未知的机柜 %1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>rack %1 listed twice</source>
        <translation>机柜 %1 被列出两次</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>serves no rack</source>
        <translation>不服务任何机柜</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>a hall larger than 5 km on a side is not plausible</source>
        <translation>边长超过 5 km 的机房不合理</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>weighs %1 kg: %2 kg/m² over its footprint and half its service space (%3 m²), above the floor&apos;s rated %4 kg/m² (hall.floor_load_kg_per_m2): lighten the rack or rate the floor higher</source>
        <translation>重 %1 kg：在其占地及一半维护空间（%3 m²）上为 %2 kg/m²，超过楼板额定承重 %4 kg/m²（hall.floor_load_kg_per_m2）：请减轻机柜重量或提高楼板承重等级</translation>
    </message>
    <message>
        <location line="+24"/>
        <location filename="../model/edit/designedit.cpp" line="+2"/>
        <location filename="../model/edit/rackcontents.cpp" line="+3"/>
        <source>a %1 cannot be mounted in a rack</source>
        <translation>%1 不能安装在机柜中</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>must be between 1 and %1</source>
        <translation>必须在 1 到 %1 之间</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>switch has no network role</source>
        <translation>交换机没有网络角色</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>only switches have a network role</source>
        <translation>只有交换机才有网络角色</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 needs a liquid-cooled rack</source>
        <translation>%1 需要液冷机柜</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>occupies U%1–U%2 of a %3U rack</source>
        <translation>占用 %3U 机柜的 U%1–U%2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>overlaps another part at U%1</source>
        <translation>在 U%1 与另一部件重叠</translation>
    </message>
    <message>
        <location line="+7"/>
        <location filename="../model/edit/editsupport.cpp" line="+39"/>
        <source>contents weigh %1 kg, above the rack&apos;s %2 kg limit</source>
        <translation>内装部件重 %1 kg，超过机柜的 %2 kg 上限</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>its footprint overlaps rack %1 (racks[%2]) by %3 m: move or turn one of them</source>
        <translation>其占地与机柜 %1（racks[%2]）重叠 %3 m：请移动或旋转其中之一</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>its footprint overlaps rack %1 (racks[%2]) by %3 m and 1 other rack: move or turn one of them</source>
        <translation>其占地与机柜 %1（racks[%2]）重叠 %3 m，另与 1 个机柜重叠：请移动或旋转其中之一</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>its footprint overlaps rack %1 (racks[%2]) by %3 m and %4 other racks: move or turn one of them</source>
        <translation>其占地与机柜 %1（racks[%2]）重叠 %3 m，另与 %4 个机柜重叠：请移动或旋转其中之一</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>its front service space (%1) runs into the hall&apos;s wall: move or turn one of them</source>
        <translation>其前部维护空间（%1）碰到机房墙壁：请移动或旋转机柜</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>its rear service space (%1) runs into the hall&apos;s wall: move or turn one of them</source>
        <translation>其后部维护空间（%1）碰到机房墙壁：请移动或旋转机柜</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>its front service space (%1) is taken by rack %2 (racks[%3]): move or turn one of them</source>
        <translation>其前部维护空间（%1）被机柜 %2（racks[%3]）占用：请移动或旋转其中之一</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>its rear service space (%1) is taken by rack %2 (racks[%3]): move or turn one of them</source>
        <translation>其后部维护空间（%1）被机柜 %2（racks[%3]）占用：请移动或旋转其中之一</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>stands in no row: give it one (the Row field), so that power, cooling and the failure domains group it</source>
        <translation>不属于任何机柜列：请为其指定一列（“列”字段），以便供电、制冷和故障域对其分组</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>stands %1 off the line of row %2&apos;s other racks: move it into the row or give it its own row</source>
        <translation>偏离机柜列 %2 中其他机柜的连线 %1：请将其移入该列，或为其单独设一列</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>holds %1 (%2 rack(s)) where rack %3 holds %4 (%5 rack(s)): one design trains on one kind of node; put each kind in its own scenario, or replace one of them</source>
        <translation>装有 %1（%2 个机柜），而机柜 %3 装有 %4（%5 个机柜）：一个设计只在一种节点上训练；请将每种节点放入各自的方案，或替换其中一种</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>mxfp8 needs block-scaled (MX) tensor cores, which %1 does not have: use fp8 (Blackwell parts have them)</source>
        <translation>mxfp8 需要块缩放（MX）张量核心，%1 没有：请改用 fp8（Blackwell 器件具备）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>duplicate rack id %1</source>
        <translation>重复的机柜标识 %1</translation>
    </message>
    <message>
        <location line="+10"/>
        <location filename="../model/edit/designedit.cpp" line="-66"/>
        <location filename="../model/edit/editsupport.cpp" line="-37"/>
        <source>%1 is a %2, not a rack</source>
        <translation>%1 是 %2，不是机柜</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>position (%1, %2) m lies outside the hall</source>
        <translation>位置（%1, %2）m 在机房之外</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>must be between -360 and 360 degrees</source>
        <translation>必须在 -360 到 360 度之间</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>must name a catalog %1</source>
        <translation>必须指定部件目录中的 %1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 is a %2, not a %3</source>
        <translation>%1 是 %2，不是 %3</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>must be 0 (automatic) or 1–4</source>
        <translation>必须为 0（自动）或 1–4</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>must be between 1 and 64</source>
        <translation>必须在 1 到 64 之间</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>must be &quot;default&quot;, &quot;%1&quot; or &quot;%2&quot;</source>
        <translation>必须是 &quot;default&quot;、&quot;%1&quot; 或 &quot;%2&quot;</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>routing settings are for models with experts; a dense model has none</source>
        <translation>路由设置仅适用于含专家的模型；稠密模型没有专家</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>must be 0 (= FFN hidden) or a width up to 10^8</source>
        <translation>必须为 0（= FFN 隐藏维度）或不超过 10^8 的宽度</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>must be between 0 and 10,000</source>
        <translation>必须在 0 到 10,000 之间</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>must be &quot;all_to_all&quot; or &quot;deduplicated&quot;</source>
        <translation>必须为 &quot;all_to_all&quot; 或 &quot;deduplicated&quot;</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>must be &quot;bf16&quot; or &quot;fp8&quot;</source>
        <translation>必须为 &quot;bf16&quot; 或 &quot;fp8&quot;</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>fp8 dispatch needs an FP8 precision (fp8 or mxfp8)</source>
        <translation>FP8 分发需要 FP8 精度（fp8 或 mxfp8）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>must divide the expert count %1</source>
        <translation>必须整除专家数 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>must be between 1 and the group count, and hold the active experts</source>
        <translation>必须介于 1 与分组数之间，且能容纳激活的专家</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+19"/>
        <source>must be at least 1</source>
        <translation>至少为 1</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>hidden size %1 is not divisible by the head count</source>
        <translation>隐藏层维度 %1 不能被注意力头数整除</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>head count is not divisible by the KV-head count</source>
        <translation>注意力头数不能被 KV 头数整除</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>must be between 0 and the expert count</source>
        <translation>必须在 0 到专家数之间</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>must be between 1 (balanced routing) and 16</source>
        <translation>须在 1（路由均衡）到 16 之间</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>must be between 0 and 16</source>
        <translation>必须在 0 到 16 之间</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>more than 10^17 tokens is not plausible</source>
        <translation>超过 10^17 个 token 不合理</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>must be &quot;bf16&quot;, &quot;fp8&quot; or &quot;mxfp8&quot;</source>
        <translation>必须为 “bf16”、“fp8” 或 “mxfp8”</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>must be &quot;auto&quot;, &quot;none&quot;, &quot;selective&quot;, &quot;block&quot;, &quot;offload&quot; or &quot;full&quot;</source>
        <translation>必须为 “auto”、“none”、“selective”、“block”、“offload” 或 “full”</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>must be &quot;1f1b&quot; or &quot;dualpipe&quot;</source>
        <translation>必须为 &quot;1f1b&quot; 或 &quot;dualpipe&quot;</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>must be 0, 1, 2 or 3 (or automatic)</source>
        <translation>必须为 0、1、2 或 3（或自动）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>is for models with experts; a dense model has none to place</source>
        <translation>仅用于含专家的模型；稠密模型没有可放置的专家</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>must be 1 (each expert whole on one GPU) or, with a pinned layout, its TP (%1)</source>
        <translation>必须为 1（每个专家完整放在一块 GPU 上），或在固定布局下等于其 TP（%1）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1 layers do not split into %2 stages of %3 chunks (at most one stage per layer; interleaving needs two stages or more and chunks that split the largest stage evenly)</source>
        <translation>%1 层无法分为 %2 个流水线阶段、每阶段 %3 个块（每层至多一个阶段；交错需要两个或更多阶段，且块数能整除最大的阶段）</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>must be at least 1 (or set the parallelism to automatic)</source>
        <translation>至少为 1（或将并行策略设为自动）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>head count is not divisible by TP</source>
        <translation>注意力头数不能被 TP 整除</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>must be -1 (catalog default) or more</source>
        <translation>必须为 -1（部件目录默认值）或更大</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>a life above 30 years is not plausible</source>
        <translation>超过 30 年的使用寿命不合理</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>must be 0 (from the lead times) or at most 120 months</source>
        <translation>必须为 0（按交期计算）或不超过 120 个月</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>must be 0 (derived) or between 1.0 and 3.0</source>
        <translation>必须为 0（推算）或在 1.0 到 3.0 之间</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>must be in (0, 1]</source>
        <translation>必须在 (0, 1] 之内</translation>
    </message>
    <message>
        <location filename="../model/core/designlimits.cpp" line="+59"/>
        <source>the design holds %1 racks, above the %2 the engine evaluates (docs/robustness.md)</source>
        <translation>设计包含 %1 个机柜，超过引擎可评估的 %2 个（docs/robustness.md）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the design holds %1 power and cooling units, above the %2 the engine evaluates (docs/robustness.md)</source>
        <translation>设计包含 %1 个配电和制冷单元，超过引擎可评估的 %2 个（docs/robustness.md）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the design holds %1 rack contents entries, above the %2 the engine evaluates (docs/robustness.md)</source>
        <translation>设计包含 %1 条机柜内装条目，超过引擎可评估的 %2 条（docs/robustness.md）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the design holds %1 GPUs, above the %2 the engine evaluates (docs/robustness.md)</source>
        <translation>设计包含 %1 个 GPU，超过引擎可评估的 %2 个（docs/robustness.md）</translation>
    </message>
    <message>
        <location filename="../model/cost/cost.cpp" line="-17"/>
        <source>no cloud price: the accelerator &quot;%1&quot; has no cloud_usd_per_gpu_hour in the catalog; set one in the finance settings</source>
        <translation>没有云价格：部件目录中加速卡 “%1” 没有 cloud_usd_per_gpu_hour；请在财务设置中填写</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>must be between 0 and 1 (0.08 = 8 % a year)</source>
        <translation>必须在 0 到 1 之间（0.08 = 每年 8 %）</translation>
    </message>
    <message>
        <location filename="../model/reliability/reliability.cpp" line="-6"/>
        <location filename="../model/cost/cost.cpp" line="+3"/>
        <source>must be positive</source>
        <translation>必须为正数</translation>
    </message>
    <message>
        <location filename="../model/cost/cost.cpp" line="+5"/>
        <source>must be more than 0 and at most 1</source>
        <translation>必须大于 0 且不超过 1</translation>
    </message>
    <message>
        <location filename="../model/engine/evaluation.cpp" line="+168"/>
        <source>no parallel layout of the workload runs on this cluster (%1)</source>
        <translation>该训练负载没有能在此集群上运行的并行布局（%1）</translation>
    </message>
    <message>
        <location line="+264"/>
        <source>the design has no GPUs</source>
        <translation>设计中没有 GPU</translation>
    </message>
    <message>
        <location filename="../model/engine/power.cpp" line="+159"/>
        <source>nameplate %1 kW exceeds the rack limit of %2 kW</source>
        <translation>铭牌功率 %1 kW 超过机柜上限 %2 kW</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>contents weigh %1 kg, above the rack&apos;s rated load of %2 kg</source>
        <translation>内装部件重 %1 kg，超过机柜额定承重 %2 kg</translation>
    </message>
    <message>
        <location line="+127"/>
        <source>power load %1 kW exceeds its capacity of %2 kW</source>
        <translation>供电负载 %1 kW 超过其容量 %2 kW</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>power load %1 kW after the worst single failure exceeds its capacity of %2 kW</source>
        <translation>最严重的单点故障后，供电负载 %1 kW 超过其容量 %2 kW</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>cooling load %1 kW exceeds its capacity of %2 kW</source>
        <translation>制冷负载 %1 kW 超过其容量 %2 kW</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cooling load %1 kW after the worst single failure exceeds its capacity of %2 kW</source>
        <translation>最严重的单点故障后，制冷负载 %1 kW 超过其容量 %2 kW</translation>
    </message>
    <message>
        <location line="+38"/>
        <source>no power unit feeds this rack</source>
        <translation>没有配电单元为此机柜供电</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no cooling unit cools this rack</source>
        <translation>没有制冷单元为此机柜制冷</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 kW of its heat goes to liquid, but only air units cool it (%2): add a CDU (liquid-to-liquid heat exchanger)</source>
        <translation>其 %1 kW 热量进入液冷，但只有风冷单元为其制冷（%2）：请添加 CDU（液-液换热器）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 kW of its heat goes to air, but only liquid units cool it (%2): add an air unit (CRAH) or a rear-door heat exchanger</source>
        <translation>其 %1 kW 热量进入空气，但只有液冷单元为其制冷（%2）：请添加风冷单元（CRAH）或背板换热器</translation>
    </message>
    <message>
        <location filename="../model/fabric/fabric.cpp" line="+136"/>
        <source>%1 link of %2 m is beyond the reach of every %3 Gb/s cable in the catalog (longest: &quot;%4&quot;): bring the racks closer, or add a cable that reaches to the catalog</source>
        <translation>%2 m 的%1链路超出部件目录中所有 %3 Gb/s 线缆的长度（最长：“%4”）：请让机柜靠近，或在部件目录中添加够长的线缆</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>the catalog has no cable for %1 Gb/s links</source>
        <translation>部件目录中没有 %1 Gb/s 链路的线缆</translation>
    </message>
    <message>
        <location line="+153"/>
        <source>%1 NICs attach to %2 leaf switches of %3 ports</source>
        <translation>%1 块网卡连接到 %2 台 %3 端口的叶交换机</translation>
    </message>
    <message>
        <location line="+229"/>
        <source>the design has GPU NICs but no leaf switches</source>
        <translation>设计中有 GPU 网卡但没有叶交换机</translation>
    </message>
    <message>
        <location filename="../model/reliability/recovery.cpp" line="+127"/>
        <source>goodput is only %1 %: the job fails every %2 min and recoveries (detection, restart, restore, warm-up) take %3 % of the time (policy &quot;%4&quot;; a faster policy, spares or smaller jobs help)</source>
        <translation>有效训练率只有 %1 %：作业每 %2 分钟故障一次，恢复（检测、重启、加载、预热）占 %3 % 的时间（策略 “%4”；更快的策略、备件或更小的作业会有帮助）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>goodput is only %1 %: the job fails every %2 min and work redone since the last checkpoint take %3 % of the time (policy &quot;%4&quot;; a faster policy, spares or smaller jobs help)</source>
        <translation>有效训练率只有 %1 %：作业每 %2 分钟故障一次，自上次检查点以来重做的工作占 %3 % 的时间（策略 “%4”；更快的策略、备件或更小的作业会有帮助）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>goodput is only %1 %: the job fails every %2 min and GPUs idle or waiting for repairs take %3 % of the time (policy &quot;%4&quot;; a faster policy, spares or smaller jobs help)</source>
        <translation>有效训练率只有 %1 %：作业每 %2 分钟故障一次，GPU 闲置或等待维修占 %3 % 的时间（策略 “%4”；更快的策略、备件或更小的作业会有帮助）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>goodput is only %1 %: the job fails every %2 min and checkpoint stalls take %3 % of the time (policy &quot;%4&quot;; a faster policy, spares or smaller jobs help)</source>
        <translation>有效训练率只有 %1 %：作业每 %2 分钟故障一次，检查点停顿占 %3 % 的时间（策略 “%4”；更快的策略、备件或更小的作业会有帮助）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>training would never finish: failures leave almost no time to train</source>
        <translation>训练永远无法完成：故障几乎不留训练时间</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>training would take %1 days: more than two years is not a plan</source>
        <translation>训练需要 %1 天：超过两年不是可行的计划</translation>
    </message>
    <message>
        <location filename="../model/reliability/reliability.cpp" line="+9"/>
        <source>&quot;%1&quot; is not a policy (%2)</source>
        <translation>“%1” 不是一种策略（%2）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>must be &quot;blocking&quot;, &quot;async&quot; or &quot;in-memory&quot;</source>
        <translation>必须为 “blocking”、“async” 或 “in-memory”</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>must be &quot;shrink&quot; or &quot;wait&quot;</source>
        <translation>必须为 “shrink” 或 “wait”</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>needs 0 &lt; low ≤ 1 ≤ high (factors on the typical value)</source>
        <translation>需要 0 &lt; low ≤ 1 ≤ high（典型值上的系数）</translation>
    </message>
    <message>
        <location line="+468"/>
        <source>the design has no storage nodes: checkpoints are assumed to go to node-local NVMe</source>
        <translation>设计中没有存储节点：假定检查点写入节点本地 NVMe</translation>
    </message>
    <message>
        <location filename="../model/edit/copyedits.cpp" line="+102"/>
        <source>the copy would not fit: rack %1: %2</source>
        <translation>副本放不下：机柜 %1：%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the copy would not fit: unit %1: %2</source>
        <translation>副本放不下：单元 %1：%2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>nothing to paste</source>
        <translation>没有可粘贴的内容</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>pasted rack %1: %2</source>
        <translation>粘贴的机柜 %1：%2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>pasted unit %1: unknown catalog id %2</source>
        <translation>粘贴的单元 %1：未知的部件目录标识 %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>pasted unit %1: %2 is a %3</source>
        <translation>粘贴的单元 %1：%2 是 %3</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>cannot paste here: rack %1: %2</source>
        <translation>不能粘贴到此处：机柜 %1：%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cannot paste here: unit %1: %2</source>
        <translation>不能粘贴到此处：单元 %1：%2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the number of copies must be between 1 and 10,000</source>
        <translation>副本数必须在 1 到 10,000 之间</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the spacing must not be zero</source>
        <translation>间距不能为零</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>%1 copies do not fit in the hall: rack %2: %3</source>
        <translation>%1 个副本在机房中放不下：机柜 %2：%3</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 copies do not fit in the hall: unit %2: %3</source>
        <translation>%1 个副本在机房中放不下：单元 %2：%3</translation>
    </message>
    <message>
        <location filename="../model/edit/designedit.cpp" line="+40"/>
        <source>%1 is a %2, not a power or cooling unit</source>
        <translation>%1 是 %2，不是配电或制冷单元</translation>
    </message>
    <message>
        <location line="+20"/>
        <location filename="../model/edit/editsupport.cpp" line="+69"/>
        <location filename="../model/edit/feededits.cpp" line="+27"/>
        <location filename="../model/edit/propertyedits.cpp" line="-83"/>
        <location line="+42"/>
        <location filename="../model/edit/rackcontents.cpp" line="-79"/>
        <location line="+73"/>
        <location line="+44"/>
        <source>no rack at index %1</source>
        <translation>索引 %1 处没有机柜</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+30"/>
        <location line="+22"/>
        <location filename="../model/edit/propertyedits.cpp" line="+11"/>
        <location filename="../model/edit/rackcontents.cpp" line="-34"/>
        <source>rack %1: %2</source>
        <translation>机柜 %1：%2</translation>
    </message>
    <message>
        <location line="-35"/>
        <source>%1 (%2U) does not fit in rack %3: no %2U range is free</source>
        <translation>%1（%2U）放不进机柜 %3：没有空闲的 %2U 空间</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>the move must be a finite distance</source>
        <translation>移动距离必须是有限值</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>unit %1: %2</source>
        <translation>单元 %1：%2</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>the rotation must be a number</source>
        <translation>旋转角度必须是数字</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>no rack is selected (only racks have an orientation)</source>
        <translation>没有选中机柜（只有机柜有朝向）</translation>
    </message>
    <message>
        <location filename="../model/edit/editsupport.cpp" line="-105"/>
        <source>position (%1, %2) m lies outside the %3 × %4 m hall</source>
        <translation>位置（%1, %2）m 在 %3 × %4 m 的机房之外</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>contents[%1]: unknown catalog id %2</source>
        <translation>contents[%1]：未知的部件目录标识 %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>contents[%1]: a %2 cannot be mounted in a rack</source>
        <translation>contents[%1]：%2 不能安装在机柜中</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>contents[%1]: the count must be between 1 and 1000</source>
        <translation>contents[%1]：数量必须在 1 到 1000 之间</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>contents[%1]: %2 needs a liquid-cooled rack</source>
        <translation>contents[%1]：%2 需要液冷机柜</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>contents[%1]: only switches have a network role</source>
        <translation>contents[%1]：只有交换机才有网络角色</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>contents[%1]: U%2–U%3 does not fit a %4U rack</source>
        <translation>contents[%1]：U%2–U%3 超出 %4U 机柜</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>contents[%1]: overlaps another part at U%2</source>
        <translation>contents[%1]：在 U%2 与另一部件重叠</translation>
    </message>
    <message>
        <location line="+41"/>
        <location filename="../model/edit/feededits.cpp" line="-5"/>
        <location filename="../model/edit/propertyedits.cpp" line="+15"/>
        <source>no power unit at index %1</source>
        <translation>索引 %1 处没有配电单元</translation>
    </message>
    <message>
        <location line="+3"/>
        <location filename="../model/edit/feededits.cpp" line="+1"/>
        <location filename="../model/edit/propertyedits.cpp" line="+1"/>
        <source>no cooling unit at index %1</source>
        <translation>索引 %1 处没有制冷单元</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>nothing is selected</source>
        <translation>没有选中任何对象</translation>
    </message>
    <message>
        <location filename="../model/edit/feededits.cpp" line="+22"/>
        <source>unit %1 already feeds these racks</source>
        <translation>单元 %1 已为这些机柜供电</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unit %1 feeds none of these racks</source>
        <translation>单元 %1 不为这些机柜中的任何一个供电</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>the design has no power or cooling unit to assign</source>
        <translation>设计中没有可分配的配电或制冷单元</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>every rack is already fed by a power and a cooling unit</source>
        <translation>每个机柜都已有配电单元和制冷单元</translation>
    </message>
    <message>
        <location filename="../model/edit/propertyedits.cpp" line="-66"/>
        <location line="+55"/>
        <location line="+15"/>
        <location line="+35"/>
        <source>nothing changed</source>
        <translation>没有任何改动</translation>
    </message>
    <message>
        <location line="-103"/>
        <source>the rack id must not be empty</source>
        <translation>机柜标识不能为空</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+70"/>
        <source>the id %1 is already used</source>
        <translation>标识 %1 已被使用</translation>
    </message>
    <message>
        <location line="-66"/>
        <source>the rotation must be between -360 and 360 degrees</source>
        <translation>旋转角度必须在 -360 到 360 度之间</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the rack id contains a control character (%1)</source>
        <translation>机柜标识含有控制字符（%1）</translation>
    </message>
    <message>
        <location line="+31"/>
        <location line="+51"/>
        <source>rack %1 is listed twice</source>
        <translation>机柜 %1 被列出两次</translation>
    </message>
    <message>
        <location line="-48"/>
        <source>rename racks one at a time (%1)</source>
        <translation>请逐个重命名机柜（%1）</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>the unit id must not be empty</source>
        <translation>单元标识不能为空</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>unknown rack %1 in the racks served</source>
        <translation>所服务的机柜中有未知机柜 %1</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>rack %1 would lie outside the smaller hall</source>
        <translation>机柜 %1 将位于缩小后的机房之外</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>unit %1 would lie outside the smaller hall</source>
        <translation>单元 %1 将位于缩小后的机房之外</translation>
    </message>
    <message>
        <location filename="../model/edit/rackcontents.cpp" line="-80"/>
        <source>rack %1 has no contents[%2]</source>
        <translation>机柜 %1 没有 contents[%2]</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>rack %1: contents[%2] has no part %3</source>
        <translation>机柜 %1：contents[%2] 中没有部件 %3</translation>
    </message>
    <message>
        <location line="+85"/>
        <source>%1 at U%2: rack %3: %4</source>
        <translation>%1 放在 U%2：机柜 %3：%4</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>the part is already at U%1</source>
        <translation>该部件已在 U%1</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+8"/>
        <source>%1 to U%2: rack %3: %4</source>
        <translation>%1 移到 U%2：机柜 %3：%4</translation>
    </message>
    <message>
        <location filename="../model/analysis/likeforlike.cpp" line="+55"/>
        <source>the GPU generation differs (%1): part of every difference is the GPU generation, not the architecture</source>
        <translation>GPU 代际不同（%1）：每项差异中都有一部分来自 GPU 代际，而非架构</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the workload differs (%1): speed and cost to train are for different models (compare --same-workload trains the first&apos;s on all)</source>
        <translation>训练负载不同（%1）：训练速度和成本针对的是不同的模型（compare --same-workload 让所有设计都训练第一个设计的模型）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the token budget differs (%1): times and costs to train are for different amounts of work</source>
        <translation>token 预算不同（%1）：训练时长和成本对应的工作量不同</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the precision differs (%1): throughputs are at different precisions</source>
        <translation>精度不同（%1）：吞吐是在不同精度下得到的</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the sequence length differs (%1): throughputs are at different context lengths</source>
        <translation>序列长度不同（%1）：吞吐是在不同上下文长度下得到的</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the resilience policy differs (%1): goodput differs by the team&apos;s recovery, not only the design</source>
        <translation>容错策略不同（%1）：有效训练率的差异来自团队的恢复能力，而不仅是设计</translation>
    </message>
    <message>
        <location filename="../model/core/parallellayout.cpp" line="+100"/>
        <source>empty: give &quot;automatic&quot; or a layout such as &quot;TP8 PP16 DP64 CP1 EP1 mb1 v8&quot;</source>
        <translation>为空：请填写 “automatic” 或如 “TP8 PP16 DP64 CP1 EP1 mb1 v8” 的布局</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>&quot;recompute&quot; needs a name (auto, none, selective, block, offload or full)</source>
        <translation>“recompute” 后需要一个名称（auto、none、selective、block、offload 或 full）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&quot;%1&quot; is not a recomputation (auto, none, selective, block, offload or full)</source>
        <translation>“%1” 不是重计算方式（auto、none、selective、block、offload 或 full）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>&quot;%1&quot; is not part of a layout (TPn PPn DPn CPn EPn mbn vn ETPn zeroN, or automatic)</source>
        <translation>“%1” 不属于布局写法（TPn PPn DPn CPn EPn mbn vn ETPn zeroN，或 automatic）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&quot;%1&quot;: %2 needs a whole number after it, e.g. %3</source>
        <translation>“%1”：%2 后面需要一个整数，例如 %3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&quot;%1&quot;: %2 is given twice</source>
        <translation>“%1”：%2 给出了两次</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&quot;%1&quot;: %2 must be between %3 and 1000000</source>
        <translation>“%1”：%2 必须在 %3 到 1000000 之间</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>automatic layouts leave %1 to the search; give either &quot;automatic&quot; or every degree</source>
        <translation>自动布局由搜索决定 %1；请只写 “automatic”，或写出每个并行度</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>a pinned layout needs %1 (e.g. &quot;TP8 PP16 DP64&quot;), or give &quot;automatic&quot;</source>
        <translation>固定布局需要给出 %1（例如 “TP8 PP16 DP64”），或填写 “automatic”</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>zero%1: the ZeRO stage is 0, 1, 2 or 3</source>
        <translation>zero%1：ZeRO 阶段为 0、1、2 或 3</translation>
    </message>
</context>
<context>
    <name>cp::gui::BlastRadiusChart</name>
    <message>
        <location filename="../views/analysis/blastradiuschart.cpp" line="+117"/>
        <source>No failure domains to show.</source>
        <translation>没有可显示的故障域。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No failure costs the job anything on this scale.</source>
        <translation>在此规模下，没有任何故障会造成作业时间损失。</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Shrink until repair</source>
        <translation>缩容运行至维修完成</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>%1: %2 GPUs taken down per month (%3 events × %4 GPUs each on average); %5 % of the time failures cost the job</source>
        <translation>%1：每月宕机 %2 个 GPU（%3 次事件 × 平均每次 %4 个 GPU）；占故障所致作业时间损失的 %5 %</translation>
    </message>
</context>
<context>
    <name>cp::gui::ChartsView</name>
    <message>
        <location filename="../views/analysis/chartsview.cpp" line="+42"/>
        <source>Cost over time (TCO)</source>
        <translation>成本随时间（TCO）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CAPEX by category</source>
        <translation>按类别的 CAPEX</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OPEX by category</source>
        <translation>按类别的 OPEX</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Goodput vs checkpoints</source>
        <translation>有效训练率与检查点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Goodput by policy</source>
        <translation>各策略有效训练率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Goodput vs spares</source>
        <translation>有效训练率与热备</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What moves the verdict</source>
        <translation>影响结论的因素</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MFU and time to train</source>
        <translation>MFU 与训练时长</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bus bandwidth</source>
        <translation>总线带宽</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Power per row</source>
        <translation>各机柜列功率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Power per feed</source>
        <translation>各路供电功率</translation>
    </message>
    <message>
        <location line="+62"/>
        <location line="+64"/>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Collective:</source>
        <translation>集合通信：</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Save the chart shown as PNG or SVG</source>
        <translation>将当前显示的图表保存为 PNG 或 SVG</translation>
    </message>
    <message>
        <location line="+209"/>
        <source>open design</source>
        <translation>当前设计</translation>
    </message>
    <message>
        <location line="+153"/>
        <source>no chart %1 (there are %2)</source>
        <translation>不存在图表 %1（共有 %2 个）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>chart %1 has not been drawn</source>
        <translation>图表 %1 尚未绘制</translation>
    </message>
    <message>
        <location line="+14"/>
        <location line="+9"/>
        <source>Export Chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>PNG image (*.png);;SVG drawing (*.svg)</source>
        <translation>PNG 图像 (*.png);;SVG 矢量图 (*.svg)</translation>
    </message>
</context>
<context>
    <name>cp::gui::ComparisonDock</name>
    <message>
        <location filename="../views/docks/comparisondock.cpp" line="+28"/>
        <source>Comparison</source>
        <translation>对比</translation>
    </message>
    <message>
        <location line="+72"/>
        <source>Ranges: P10 / P50 / P90</source>
        <translation>区间：P10 / P50 / P90</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: P10 / P50 / P90 over the cost Monte Carlo&apos;s draws (%2_p10, _p50, _p90)</source>
        <translation>%1：成本蒙特卡洛抽样的 P10 / P50 / P90（%2_p10、_p50、_p90）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>never</source>
        <translation>永不</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Assumed training stack (tokens/s)</source>
        <translation>假定的训练软件栈（tokens/s）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1: %2 leads, then %3</source>
        <translation>%1：原由 %2 领先，改为 %3</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 set the other way at each scenario&apos;s own layout: the change in tokens per second. &quot;-&quot;: the scenario gives the field, or it does not apply.</source>
        <translation>%1 在各方案自身的并行布局下取另一设置时，每秒 token 数的变化。&quot;-&quot;：该方案已给出此字段，或此字段不适用。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>The leader changes with it: %1. State the stack in the workload (Inspector).</source>
        <translation>取另一设置时领先者改变：%1。请在工作负载中写明软件栈（检查器）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A layout does not fit with it: that scenario would run another layout.</source>
        <translation>有方案的布局在此设置下内存不足：该方案将改用另一布局。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>does not fit</source>
        <translation>内存不足</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>No figures yet: the open design is being evaluated or was refused.</source>
        <translation>尚无数据：当前设计正在评估中或已被拒绝。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Evaluating the compared scenarios…</source>
        <translation>正在评估对比方案…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only the open design: add a scenario or tick one in the Scenarios dock to compare.</source>
        <translation>仅有当前设计：请添加方案，或在“方案”面板中勾选方案以进行对比。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 scenarios side by side; the better value of each row in bold, in italic where it wins too few of the model&apos;s paired draws to be settled. Tick or untick scenarios in the Scenarios dock.</source>
        <translation>并排对比 %1 个方案；每行中较优的值以粗体显示，若其在模型的成对抽样中占优次数不足以判定，则以斜体显示。可在“方案”面板中勾选或取消勾选方案。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>P(1st&gt;%1)</source>
        <translation>P(方案1优于%1)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The share of the cost Monte Carlo&apos;s paired draws in which %1&apos;s figure is better than %2&apos;s (docs/cost.md, &quot;Ranges and decisions&quot;)</source>
        <translation>在成本蒙特卡洛的成对抽样中，%1 的数值优于 %2 的抽样占比（docs/cost.md，“Ranges and decisions”）</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Ahead as printed, but better in fewer than %1 % of the paired draws of the model&apos;s bands and the cost ranges: the model&apos;s uncertainty does not settle this row.</source>
        <translation>按显示值领先，但在模型区间与成本区间的成对抽样中占优的比例不足 %1 %：模型自身的不确定性不足以判定此行的优劣。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Key figures</source>
        <translation>关键指标</translation>
    </message>
</context>
<context>
    <name>cp::gui::Document</name>
    <message>
        <location filename="../views/session/document.cpp" line="+80"/>
        <source>Untitled</source>
        <translation>未命名</translation>
    </message>
</context>
<context>
    <name>cp::gui::ElevationDock</name>
    <message>
        <location filename="../views/docks/elevationdock.cpp" line="+15"/>
        <source>Rack Elevation</source>
        <translation>机柜立面图</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Remove Part</source>
        <translation>移除部件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Take the selected part out of its rack (Delete)</source>
        <translation>将所选部件从其机柜中移出（Delete）</translation>
    </message>
    <message>
        <location line="+73"/>
        <source>No rack selected.</source>
        <translation>未选择机柜。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Showing %1 of %2 selected racks; drag parts between them.</source>
        <translation>显示所选 %2 个机柜中的 %1 个；可在它们之间拖动部件。</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n rack(s): drop parts from the palette on a U, drag a part to move it.</source>
        <translation>
            <numerusform>%n 个机柜：将部件库中的部件拖放到 U 位上，拖动部件可移动其位置。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cp::gui::ElevationView</name>
    <message>
        <location filename="../views/elevation/elevationview.cpp" line="+61"/>
        <source>Units</source>
        <translation>U 位</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 / %2 U</source>
        <translation>%1 / %2 U</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Power</source>
        <translation>功率</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+4"/>
        <location line="+4"/>
        <source>%1 / %2 kW</source>
        <translation>%1 / %2 kW</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Weight</source>
        <translation>重量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 / %2 kg</source>
        <translation>%1 / %2 kg</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Air heat</source>
        <translation>风冷热负荷</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 kW, no unit</source>
        <translation>%1 kW，无制冷单元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Liquid</source>
        <translation>液冷热负荷</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 kW, no CDU</source>
        <translation>%1 kW，无 CDU</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Units: %1 of %2 U taken
Power: %3 kW nameplate (%4 kW at training load) of the rack&apos;s rated %5 kW
Weight: %6 kg of the rack&apos;s rated %7 kg
Air heat: %8 kW against %9 kW, the rack&apos;s share of the air units serving it
Liquid heat: %10 kW against %11 kW, its share of the CDUs serving it</source>
        <translation>U 位：已占用 %1 / %2 U
功率：铭牌 %3 kW（训练负载下 %4 kW），机柜额定 %5 kW
重量：%6 kg，机柜额定 %7 kg
风冷热负荷：%8 kW，对应 %9 kW（为该机柜服务的风冷制冷单元分摊给本机柜的容量）
液冷热负荷：%10 kW，对应 %11 kW（为该机柜服务的 CDU 分摊给本机柜的容量）</translation>
    </message>
    <message>
        <location line="+146"/>
        <source>Select a rack on the plan to see its elevation.
Select up to %1 racks to move parts between them.</source>
        <translation>在平面图上选择一个机柜以查看其立面图。
最多可选择 %1 个机柜，以便在它们之间移动部件。</translation>
    </message>
    <message>
        <location line="+144"/>
        <source>Select a part in the elevation first.</source>
        <translation>请先在立面图中选择一个部件。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Remove %1 from rack %2</source>
        <translation>从机柜 %2 移除 %1</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Does not fit there: %1</source>
        <translation>无法放置在此处：%1</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>%1 (%2)
U%3–U%4 of rack %5
%6 kW max</source>
        <translation>%1（%2）
机柜 %5 的 U%3–U%4
最大 %6 kW</translation>
    </message>
    <message>
        <location line="+72"/>
        <source>Move %1 to U%2 of rack %3</source>
        <translation>将 %1 移至机柜 %3 的 U%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move %1 from rack %2 to U%3 of rack %4</source>
        <translation>将 %1 从机柜 %2 移至机柜 %4 的 U%3</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Remove from Rack</source>
        <translation>从机柜移除</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>Mount %1 at U%2 of rack %3</source>
        <translation>将 %1 安装到机柜 %3 的 U%2</translation>
    </message>
</context>
<context>
    <name>cp::gui::EvaluationRunner</name>
    <message>
        <location filename="../views/session/evaluationrunner.cpp" line="+69"/>
        <source>The evaluation failed with an unknown error.</source>
        <translation>评估因未知错误而失败。</translation>
    </message>
</context>
<context>
    <name>cp::gui::FailureDomainsView</name>
    <message>
        <location filename="../views/analysis/failuredomainstable.cpp" line="+169"/>
        <source>%1 max · %2 mean</source>
        <translation>最大 %1 · 平均 %2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 %/yr</source>
        <translation>%1 %/年</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+6"/>
        <location line="+35"/>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <location line="-38"/>
        <source>MTBF %1 h per part</source>
        <translation>单个部件 MTBF %1 h</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 h of job time lost per month (%2 interruptions a month)</source>
        <translation>每月损失 %1 h 作业时间（每月中断 %2 次）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Does not interrupt the job</source>
        <translation>不中断作业</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>1 place</source>
        <translation>1 处</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 places</source>
        <translation>%1 处</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>0 (redundant)</source>
        <translation>0（冗余）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>kept up: %1</source>
        <translation>保持运行：%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source> … and %1 more</source>
        <translation> … 另有 %1 个</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Served, kept up by redundancy (%1):</source>
        <translation>受其服务、依靠冗余保持运行（%1）：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Taken down (%1):</source>
        <translation>宕机（%1）：</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>… %1 more, fewer GPUs each</source>
        <translation>… 另有 %1 处，每处宕机的 GPU 更少</translation>
    </message>
    <message>
        <location filename="../views/analysis/failuredomainsview.cpp" line="+117"/>
        <location filename="../views/analysis/failuredomainstable.cpp" line="+21"/>
        <source>Select a row to see its failure domain on the plan.</source>
        <translation>选择一行以在平面图上查看其故障域。</translation>
    </message>
    <message>
        <location filename="../views/analysis/failuredomainstable.cpp" line="+12"/>
        <source>%1 is redundant: the rest of its group carries the load of the %2 it serves, so one failure takes no GPU down.</source>
        <translation>%1 为冗余配置：组内其余单元可承担其所服务的 %2 的负载，因此单次故障不会导致任何 GPU 宕机。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A %1 failure in %2 takes down %3 GPUs in %4.</source>
        <translation>%2 中的 %1 故障会导致 %4 中的 %3 个 GPU 宕机。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A failure of %1 takes down %2 GPUs in %3.</source>
        <translation>%1 故障会导致 %3 中的 %2 个 GPU 宕机。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1, in one place on the plan. %2</source>
        <translation>%1，在平面图上仅有一处。%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1, in %2 places on the plan; the worst is shown. %3</source>
        <translation>%1，在平面图上有 %2 处；显示最严重的一处。%3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A %1 failure does not interrupt the job.</source>
        <translation>%1 故障不会中断作业。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A %1 failure loses no GPU, but the job restarts from its last checkpoint. It has no place of its own on the plan.</source>
        <translation>%1 故障不会损失 GPU，但作业需从上一个检查点重启。它在平面图上没有独立的位置。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A %1 failure takes down %2 GPUs (its scale-up domain) inside a rack it shares with other domains: it has no place of its own on the plan.</source>
        <translation>%1 故障会导致 %2 个 GPU（其纵向扩展域）宕机，所在机柜与其他域共用：它在平面图上没有独立的位置。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A %1 failure takes down up to %2 GPUs; it has no single place on the plan.</source>
        <translation>%1 故障最多导致 %2 个 GPU 宕机；它在平面图上没有单一的位置。</translation>
    </message>
    <message>
        <location filename="../views/analysis/failuredomainsview.cpp" line="-66"/>
        <location line="+150"/>
        <source>No evaluation yet.</source>
        <translation>尚未评估。</translation>
    </message>
    <message>
        <location line="-147"/>
        <source>Part</source>
        <translation>部件</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Count</source>
        <translation>数量</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>GPUs lost</source>
        <translation>损失 GPU</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Failure rate</source>
        <translation>故障率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Events / mo</source>
        <translation>事件/月</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Downtime share</source>
        <translation>停机占比</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Recovery</source>
        <translation>恢复</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Racks down</source>
        <translation>宕机机柜</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The kind of part, and below it each place on the plan where it can fail</source>
        <translation>部件类型，其下列出平面图上该部件可能发生故障的每个位置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Parts of this kind in the design</source>
        <translation>设计中此类部件的数量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPUs one failure takes down or cuts off: the worst part and the mean over all parts</source>
        <translation>单次故障导致宕机或断连的 GPU 数：最严重的部件及所有部件的平均值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failures per 100 parts per year, from the part&apos;s MTBF (one part, not all of them)</source>
        <translation>每 100 个部件每年的故障次数，由部件的 MTBF 计算（针对单个部件，而非全部部件）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Expected failures of all parts of this kind per month (730 h)</source>
        <translation>此类所有部件每月（730 h）的预期故障次数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This kind&apos;s share of the job time failures cost: interruptions × (rework + recovery + time shrunk until repair). Checkpoint writes are not counted.</source>
        <translation>此类部件在故障所致作业时间损失中的占比：中断次数 ×（重算 + 恢复 + 缩容运行至维修完成的时间）。不计检查点写入时间。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>What the job does after a failure</source>
        <translation>故障后作业的处理方式</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Racks one failure takes down; for redundant units, the racks served and kept up</source>
        <translation>单次故障导致宕机的机柜；对于冗余单元，为受其服务并保持运行的机柜</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>GPUs taken down per month</source>
        <translation>每月宕机 GPU 数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Share of downtime</source>
        <translation>停机占比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPUs taken down per month: events per month × GPUs each takes down</source>
        <translation>每月宕机 GPU 数：每月事件数 × 每次事件宕机的 GPU 数</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Blast radius:</source>
        <translation>影响范围：</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>No GPUs in the design: nothing to fail. Add racks of servers or supernodes.</source>
        <translation>设计中没有 GPU：没有可发生故障的部件。请添加服务器机柜或超节点。</translation>
    </message>
    <message>
        <location line="+130"/>
        <source>%1 in %2</source>
        <translation>%2 中的 %1</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Only the %1 worst places are listed; the others take fewer GPUs down each.</source>
        <translation>仅列出最严重的 %1 处；其余各处宕机的 GPU 更少。</translation>
    </message>
</context>
<context>
    <name>cp::gui::Hall3dPage</name>
    <message>
        <location filename="../views/window/hall3dpage.cpp" line="+49"/>
        <source>3D view unavailable: %1</source>
        <translation>3D 视图不可用：%1</translation>
    </message>
</context>
<context>
    <name>cp::gui::Hall3dView</name>
    <message>
        <location filename="../views/hall3d/hall3dview.cpp" line="+143"/>
        <source>no OpenGL on this display (platform &quot;%1&quot;)</source>
        <translation>此显示器不支持 OpenGL（平台“%1”）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>no OpenGL on this display</source>
        <translation>此显示器不支持 OpenGL</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>OpenGL 3.2 is needed, this display offers %1.%2</source>
        <translation>需要 OpenGL 3.2，此显示器仅提供 %1.%2</translation>
    </message>
</context>
<context>
    <name>cp::gui::HallView</name>
    <message>
        <location filename="../views/plan/hallview.cpp" line="+90"/>
        <source>%1 · %2 × %3 m</source>
        <translation>%1 · %2 × %3 m</translation>
    </message>
    <message>
        <location line="+223"/>
        <source>Move</source>
        <translation>移动</translation>
    </message>
    <message>
        <location filename="../views/plan/hallviewedits.cpp" line="+45"/>
        <source>%1 refused: %2</source>
        <translation>“%1”被拒绝：%2</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>This plan is read-only.</source>
        <translation>此平面图为只读。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Unknown catalog id “%1”.</source>
        <translation>未知的部件目录 id“%1”。</translation>
    </message>
    <message>
        <location line="+9"/>
        <location line="+7"/>
        <source>Place %1</source>
        <translation>放置 %1</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>Placed rack %1.</source>
        <translation>已放置机柜 %1。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Placed %1; connect it to racks with the feed tool.</source>
        <translation>已放置 %1；请使用供电工具将其连接到机柜。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Drop %1 onto a rack to mount it.</source>
        <translation>将 %1 拖放到机柜上以进行安装。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Mount %1</source>
        <translation>安装 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Mounted %1 in rack %2.</source>
        <translation>已将 %1 安装到机柜 %2。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>A %1 is not placed on the plan; it is part of a server or the fabric settings.</source>
        <translation>%1 不在平面图上放置；它属于服务器或网络设置的一部分。</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Rotate</source>
        <translation>旋转</translation>
    </message>
    <message numerus="yes">
        <location line="+9"/>
        <source>Delete %n item(s)</source>
        <translation>
            <numerusform>删除 %n 项</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Deleted %n item(s).</source>
        <translation>
            <numerusform>已删除 %n 项。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Nothing selected to copy.</source>
        <translation>未选择要复制的内容。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Copied.</source>
        <translation>已复制。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Nothing selected to cut.</source>
        <translation>未选择要剪切的内容。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cut</source>
        <translation>剪切</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cut.</source>
        <translation>已剪切。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>The clipboard holds no racks or units.</source>
        <translation>剪贴板中没有机柜或单元。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Cannot paste: %1</source>
        <translation>无法粘贴：%1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Paste</source>
        <translation>粘贴</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Duplicate</source>
        <translation>再制</translation>
    </message>
    <message>
        <location filename="../views/plan/hallviewtools.cpp" line="+35"/>
        <source>Feed: click a power or cooling unit, then the racks it feeds (click again to disconnect). Esc ends.</source>
        <translation>供电：单击一个配电单元或制冷单元，再单击由其供电/供冷的机柜（再次单击可断开）。按 Esc 结束。</translation>
    </message>
    <message numerus="yes">
        <location line="+22"/>
        <source>Stamp %n copies</source>
        <translation>
            <numerusform>阵列复制 %n 份</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>Stamped %n copies.</source>
        <translation>
            <numerusform>已阵列复制 %n 份。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Select a row or a pod to stamp first.</source>
        <translation>请先选择要阵列复制的机柜列或 Pod。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Stamp Selection</source>
        <translation>阵列复制所选内容</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+7"/>
        <source> m</source>
        <translation> m</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Copies:</source>
        <translation>份数：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Spacing across (x):</source>
        <translation>横向间距（x）：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Spacing down (y):</source>
        <translation>纵向间距（y）：</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Auto-assign feeds</source>
        <translation>自动分配供电</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every rack without a feed now has its nearest power and cooling unit.</source>
        <translation>所有未配置供电的机柜现已连接到最近的配电单元和制冷单元。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Feeding from %1: click racks to connect or disconnect them.</source>
        <translation>由 %1 供电：单击机柜以连接或断开。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Click a power or cooling unit first.</source>
        <translation>请先单击一个配电单元或制冷单元。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Disconnect %1</source>
        <translation>断开 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 no longer feeds %2.</source>
        <translation>%1 不再为 %2 供电。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Feed %1</source>
        <translation>为 %1 供电</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 now feeds %2.</source>
        <translation>%1 现为 %2 供电。</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Select the racks to feed first.</source>
        <translation>请先选择要供电的机柜。</translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>Feed %n rack(s) from %1</source>
        <translation>
            <numerusform>由 %1 为 %n 个机柜供电</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%1 now feeds the %n selected rack(s).</source>
        <translation>
            <numerusform>%1 现为所选的 %n 个机柜供电。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cp::gui::HeatmapView</name>
    <message>
        <location filename="../views/analysis/heatmappaint.cpp" line="+46"/>
        <source>racks</source>
        <translation>机柜</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>leaf groups</source>
        <translation>叶交换机组</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>pods</source>
        <translation>Pod</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Achievable bandwidth between %1 (GB/s per GPU, one direction) · %2 × %2</source>
        <translation>%1之间的可达带宽（每 GPU GB/s，单向）· %2 × %2</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>No fabric</source>
        <translation>无网络</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The design has no GPUs on a scale-out network, or it has not been evaluated yet.</source>
        <translation>设计中没有接入横向扩展网络的 GPU，或尚未评估。</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Rows %1–%2, columns %3–%4 of %5</source>
        <translation>第 %1–%2 行，第 %3–%4 列（共 %5）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · %1 px per cell</source>
        <translation> · 每单元格 %1 px</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> · 1 px = %1 cells</source>
        <translation> · 1 px = %1 个单元格</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> · every pair %1 GB/s per GPU</source>
        <translation> · 所有配对均为每 GPU %1 GB/s</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> · drag to zoom into a block, click to select racks, Home to fit</source>
        <translation> · 拖动以放大区块，单击选择机柜，按 Home 适合窗口</translation>
    </message>
    <message>
        <location line="+155"/>
        <location line="+21"/>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <location filename="../views/analysis/heatmapview.cpp" line="+189"/>
        <location filename="../views/analysis/heatmappaint.cpp" line="+109"/>
        <source>GB/s per GPU</source>
        <translation>每 GPU GB/s</translation>
    </message>
    <message>
        <location filename="../views/analysis/heatmappaint.cpp" line="+56"/>
        <source>above:
scale-up</source>
        <translation>以上：
纵向扩展</translation>
    </message>
    <message>
        <location filename="../views/analysis/heatmapview.cpp" line="-159"/>
        <source>Fit</source>
        <translation>适合窗口</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show the whole matrix (Home)</source>
        <translation>显示整个矩阵（Home）</translation>
    </message>
    <message>
        <location line="+317"/>
        <source>leaf group</source>
        <translation>叶交换机组</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>pod</source>
        <translation>Pod</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>super-pod</source>
        <translation>超级 Pod</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>block</source>
        <translation>区块</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 → %2</source>
        <translation>%1 → %2</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 GB/s per GPU</source>
        <translation>每 GPU %1 GB/s</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (within one scale-up domain)</source>
        <translation>（同一纵向扩展域内）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>no switch</source>
        <translation>不经过交换机</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>1 switch hop</source>
        <translation>经过 1 跳交换机</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 switch hops</source>
        <translation>经过 %1 跳交换机</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 %2 × %1 %3</source>
        <translation>%1 %2 × %1 %3</translation>
    </message>
</context>
<context>
    <name>cp::gui::HistoryDialog</name>
    <message>
        <location filename="../views/dialogs/historydialog.cpp" line="+19"/>
        <source>History of %1</source>
        <translation>%1 的历史</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Revision</source>
        <translation>修订</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Saved</source>
        <translation>保存时间</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Author</source>
        <translation>作者</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Comment</source>
        <translation>备注</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>This file has no saved revisions yet.</source>
        <translation>此文件尚无已保存的修订。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1 revision.</source>
        <translation>1 个修订。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 revisions, newest first.</source>
        <translation>%1 个修订，最新的在前。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Save Revision</source>
        <translation>保存修订</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What changed in this revision? (stored in the file&apos;s history)</source>
        <translation>此修订有哪些更改？（保存在文件历史中）</translation>
    </message>
</context>
<context>
    <name>cp::gui::InspectorDock</name>
    <message>
        <location filename="../views/docks/inspectordock.cpp" line="+36"/>
        <source>Inspector</source>
        <translation>属性面板</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Property</source>
        <translation>属性</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Selection</source>
        <translation>所选对象</translation>
    </message>
    <message>
        <location line="+143"/>
        <source>Inspector — Design</source>
        <translation>属性面板 — 设计</translation>
    </message>
    <message>
        <location line="+4"/>
        <location filename="../views/docks/inspectorsettings.cpp" line="+180"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Description</source>
        <translation>描述</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Hall</source>
        <translation>机房</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Size</source>
        <translation>尺寸</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 × %2 m</source>
        <translation>%1 × %2 m</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Area</source>
        <translation>面积</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 m²</source>
        <translation>%1 m²</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Grid</source>
        <translation>网格</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+141"/>
        <source>Racks</source>
        <translation>机柜</translation>
    </message>
    <message>
        <location line="-140"/>
        <location line="+141"/>
        <source>Power units</source>
        <translation>配电单元</translation>
    </message>
    <message>
        <location line="-140"/>
        <location line="+141"/>
        <source>Cooling units</source>
        <translation>制冷单元</translation>
    </message>
    <message>
        <location line="-138"/>
        <location filename="../views/docks/inspectorsettings.cpp" line="+128"/>
        <source>Fabric</source>
        <translation>网络</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../views/docks/inspectorsettings.cpp" line="-75"/>
        <source>Tiers</source>
        <translation>层数</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+27"/>
        <source>automatic</source>
        <translation>自动</translation>
    </message>
    <message>
        <location line="-23"/>
        <location filename="../views/docks/inspectorsettings.cpp" line="+3"/>
        <source>Oversubscription</source>
        <translation>收敛比</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>1:1</source>
        <translation>1:1</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../views/docks/inspectorsettings.cpp" line="+10"/>
        <source>Switch</source>
        <translation>交换机</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../views/docks/inspectorsettings.cpp" line="+2"/>
        <source>NIC</source>
        <translation>网卡</translation>
    </message>
    <message>
        <location line="+3"/>
        <location filename="../views/docks/inspectorsettings.cpp" line="+59"/>
        <source>Workload</source>
        <translation>训练负载</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Layers × hidden</source>
        <translation>层数 × 隐藏维度</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Heads (KV)</source>
        <translation>注意力头数（KV）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Experts (active)</source>
        <translation>专家数（激活）</translation>
    </message>
    <message>
        <location line="+5"/>
        <location filename="../views/docks/inspectorsettings.cpp" line="-108"/>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tokens</source>
        <translation>Token 数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 T</source>
        <translation>%1 T</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../views/docks/inspectorsettings.cpp" line="+8"/>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../views/docks/inspectorsettings.cpp" line="+2"/>
        <source>Recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../views/docks/inspectorsettings.cpp" line="+6"/>
        <source>Parallelism</source>
        <translation>并行策略</translation>
    </message>
    <message>
        <location line="+4"/>
        <location filename="../views/docks/inspectorsettings.cpp" line="+95"/>
        <source>Finance</source>
        <translation>财务</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 years</source>
        <translation>%1 年</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../views/docks/inspectorsettings.cpp" line="-19"/>
        <source>Energy price</source>
        <translation>电价</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 USD/kWh</source>
        <translation>%1 USD/kWh</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../views/docks/inspectorsettings.cpp" line="+1"/>
        <source>PUE</source>
        <translation>PUE</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>from cooling design</source>
        <translation>按制冷设计</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../views/docks/inspectorsettings.cpp" line="+4"/>
        <source>Cloud price</source>
        <translation>云租用价格</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 USD/GPU-h</source>
        <translation>%1 USD/GPU-h</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the accelerator&apos;s catalog price</source>
        <translation>加速卡的部件目录价格</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Inspector — Rack %1</source>
        <translation>属性面板 — 机柜 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+61"/>
        <location filename="../views/docks/inspectorforms.cpp" line="+182"/>
        <location line="+1"/>
        <location line="+34"/>
        <location line="+1"/>
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <location line="-60"/>
        <location filename="../views/docks/inspectorforms.cpp" line="-32"/>
        <location line="+92"/>
        <location line="+25"/>
        <source>Row</source>
        <translation>机柜列</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+46"/>
        <location line="+1"/>
        <location line="+17"/>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <location line="-63"/>
        <location line="+62"/>
        <source>Position</source>
        <translation>位置</translation>
    </message>
    <message>
        <location line="-62"/>
        <location line="+62"/>
        <source>x %1, y %2</source>
        <translation>x %1，y %2</translation>
    </message>
    <message>
        <location line="-61"/>
        <location filename="../views/docks/inspectorforms.cpp" line="-107"/>
        <location line="+3"/>
        <location line="+107"/>
        <location line="+10"/>
        <source>Rotation</source>
        <translation>旋转</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1°</source>
        <translation>%1°</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../views/docks/inspectorforms.cpp" line="-113"/>
        <location line="+3"/>
        <location line="+116"/>
        <location line="+3"/>
        <source>Rack model</source>
        <translation>机柜型号</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Footprint</source>
        <translation>占地尺寸</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 × %2 m, %3 U</source>
        <translation>%1 × %2 m，%3 U</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Holds</source>
        <translation>承载</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+5"/>
        <location line="+81"/>
        <source>IT power</source>
        <translation>IT 功率</translation>
    </message>
    <message>
        <location line="-85"/>
        <source>Nameplate</source>
        <translation>铭牌功率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rack limit</source>
        <translation>机柜功率上限</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>evaluating…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Contents</source>
        <translation>内容</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 parts, %2 of %3 U</source>
        <translation>%1 个部件，已用 %2/%3 U</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Power from</source>
        <translation>供电来源</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cooled by</source>
        <translation>制冷来源</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Inspector — Power unit %1</source>
        <translation>属性面板 — 配电单元 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Inspector — Cooling unit %1</source>
        <translation>属性面板 — 制冷单元 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Power</source>
        <translation>配电</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cooling</source>
        <translation>制冷</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../views/docks/inspectorforms.cpp" line="-101"/>
        <location line="+4"/>
        <source>Model</source>
        <translation>型号</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../views/docks/inspectorforms.cpp" line="+16"/>
        <location line="+2"/>
        <source>Group</source>
        <translation>分组</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../views/docks/inspectorforms.cpp" line="+2"/>
        <location line="+10"/>
        <source>Redundancy</source>
        <translation>冗余</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Serves</source>
        <translation>服务范围</translation>
    </message>
    <message numerus="yes">
        <location line="+0"/>
        <location filename="../views/docks/inspectorforms.cpp" line="+17"/>
        <source>%n rack(s)</source>
        <translation>
            <numerusform>%n 个机柜</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Load</source>
        <translation>负载</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <location line="+2"/>
        <location filename="../views/docks/inspectorsettings.cpp" line="-3"/>
        <source>Utilisation</source>
        <translation>利用率</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>Inspector — %n items</source>
        <translation>
            <numerusform>属性面板 — %n 个对象</numerusform>
        </translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Rack ids</source>
        <translation>机柜 ID</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>…</source>
        <translation>…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 more</source>
        <translation>另有 %1 个</translation>
    </message>
    <message>
        <location filename="../views/docks/inspectorformat.h" line="+32"/>
        <source>%1 m</source>
        <translation>%1 m</translation>
    </message>
    <message>
        <location filename="../views/docks/inspectorforms.cpp" line="-50"/>
        <location filename="../views/docks/inspectorformat.h" line="+5"/>
        <source>%1 kW</source>
        <translation>%1 kW</translation>
    </message>
    <message>
        <location filename="../views/docks/inspectorformat.h" line="+7"/>
        <source>%1 (not in catalog)</source>
        <translation>%1（不在部件目录中）</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>“%1” is not a number</source>
        <translation>“%1”不是数字</translation>
    </message>
    <message>
        <location filename="../views/docks/inspectorforms.cpp" line="-183"/>
        <source>a rack is always in a row: give a row&apos;s name, e.g. “Row 01”</source>
        <translation>机柜必须属于某个机柜列：请输入机柜列名称，例如“Row 01”</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>“%1” is a number, not a row&apos;s name (e.g. “Row 05”)</source>
        <translation>“%1”是数字，不是机柜列名称（例如“Row 05”）</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Change rack %1</source>
        <translation>修改机柜属性：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+25"/>
        <location line="+21"/>
        <location filename="../views/docks/inspectorsettings.cpp" line="+66"/>
        <source>%1 refused: %2</source>
        <translation>%1 修改被拒绝：%2</translation>
    </message>
    <message numerus="yes">
        <location line="-24"/>
        <source>Change %1 of %n rack(s)</source>
        <translation>
            <numerusform>修改 %n 个机柜的%1</numerusform>
        </translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Change unit %1</source>
        <translation>修改单元属性：%1</translation>
    </message>
    <message>
        <location line="+55"/>
        <location line="+2"/>
        <location line="+46"/>
        <location line="+2"/>
        <source>X</source>
        <translation>X</translation>
    </message>
    <message>
        <location line="-50"/>
        <location line="+4"/>
        <location line="+44"/>
        <location line="+4"/>
        <source>m</source>
        <translation>m</translation>
    </message>
    <message>
        <location line="-48"/>
        <location line="+2"/>
        <location line="+46"/>
        <location line="+2"/>
        <source>Y</source>
        <translation>Y</translation>
    </message>
    <message>
        <location line="-45"/>
        <location line="+109"/>
        <source>°</source>
        <translation>°</translation>
    </message>
    <message>
        <location line="-57"/>
        <source>N, N+1 or 2N</source>
        <translation>N、N+1 或 2N</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>“%1” is not N, N+1 or 2N</source>
        <translation>“%1”不是 N、N+1 或 2N</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>several rows</source>
        <translation>多个机柜列</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>One of the hall&apos;s %n row(s), or a new row&apos;s name</source>
        <translation>
            <numerusform>机房中 %n 个机柜列之一，或新机柜列的名称</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+17"/>
        <source>%n racks selected: a value entered changes all of them in one step.</source>
        <translation>
            <numerusform>已选择 %n 个机柜：输入的值将一步修改全部所选机柜。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+20"/>
        <source>several</source>
        <translation>多个值</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>several models</source>
        <translation>多个型号</translation>
    </message>
    <message>
        <location filename="../views/docks/inspectorsettings.cpp" line="-292"/>
        <source>“%1” is not a whole number</source>
        <translation>“%1”不是整数</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Resilience policy</source>
        <translation>容错策略</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>2021-baseline, llama3-2024, state-of-the-art or custom</source>
        <translation>2021-baseline、llama3-2024、state-of-the-art 或 custom</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>“%1” is not a policy (%2)</source>
        <translation>“%1”不是有效策略（%2）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Checkpoint kind</source>
        <translation>检查点类型</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>custom: blocking, async or in-memory</source>
        <translation>custom 时：blocking、async 或 in-memory</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>“%1” is not blocking, async or in-memory</source>
        <translation>“%1”不是 blocking、async 或 in-memory</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Without a spare</source>
        <translation>无备件时</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>custom: shrink or wait</source>
        <translation>custom 时：shrink 或 wait</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>“%1” is not shrink or wait</source>
        <translation>“%1”不是 shrink 或 wait</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Expert FFN hidden</source>
        <translation>专家 FFN 隐藏维度</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>one routed expert&apos;s width, 0 = FFN hidden</source>
        <translation>单个路由专家的宽度，0 = FFN 隐藏维度</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Shared experts</source>
        <translation>共享专家</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>every token passes through them</source>
        <translation>每个 token 都经过它们</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Hidden size</source>
        <translation>隐藏维度</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>KV heads</source>
        <translation>KV 头数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>FFN hidden</source>
        <translation>FFN 隐藏维度</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Vocabulary</source>
        <translation>词表大小</translation>
    </message>
    <message>
        <location line="-66"/>
        <source>Experts</source>
        <translation>专家数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>0 = dense</source>
        <translation>0 = 稠密</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Active experts</source>
        <translation>激活专家数</translation>
    </message>
    <message>
        <location filename="../views/docks/inspectordock.cpp" line="-140"/>
        <location filename="../views/docks/inspectorsettings.cpp" line="+6"/>
        <source>Expert load imbalance</source>
        <translation>专家负载不均衡</translation>
    </message>
    <message>
        <location filename="../views/docks/inspectorsettings.cpp" line="+1"/>
        <source>busiest expert rank ÷ mean, 1 = balanced</source>
        <translation>最忙专家并行卡 ÷ 平均，1 = 均衡</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Expert groups</source>
        <translation>专家分组</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>group-limited routing, 0 = no limit</source>
        <translation>分组受限路由，0 = 不限</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Groups per token</source>
        <translation>每个 token 的分组数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>of the expert groups, 0 = no limit</source>
        <translation>占专家分组，0 = 不限</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Token dispatch</source>
        <translation>Token 分发</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>all_to_all or deduplicated (once per server)</source>
        <translation>all_to_all 或 deduplicated（每台服务器仅一次）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Dispatch precision</source>
        <translation>分发精度</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>bf16, or fp8 with an FP8 precision</source>
        <translation>bf16，或在 FP8 精度下为 fp8</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Attention kernel</source>
        <translation>注意力内核</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>default (flash), flash or unfused</source>
        <translation>default（flash）、flash 或 unfused</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sequence parallelism</source>
        <translation>序列并行</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>default (true), true or false; with TP</source>
        <translation>default（true）、true 或 false；需张量并行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Overlap communication</source>
        <translation>通信重叠</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>default (true), true or false</source>
        <translation>default（true）、true 或 false</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Gradient reduction</source>
        <translation>梯度规约精度</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>default (fp32), fp32 or bf16</source>
        <translation>default（fp32）、fp32 或 bf16</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>MTP modules</source>
        <translation>MTP 模块</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>multi-token prediction, 0 = none</source>
        <translation>多 token 预测，0 = 无</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+6"/>
        <source>tokens</source>
        <translation>token</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>Global batch</source>
        <translation>全局批次</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>tokens, 0 = automatic</source>
        <translation>token，0 = 自动</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Jobs</source>
        <translation>作业数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>equal jobs on the GPUs</source>
        <translation>GPU 上均分的等规模作业</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Training tokens</source>
        <translation>训练 token 数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>bf16, fp8 or mxfp8</source>
        <translation>bf16、fp8 或 mxfp8</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>auto, none, selective, block, offload, full</source>
        <translation>auto、none、selective、block、offload、full</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Pipeline schedule</source>
        <translation>流水线调度</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>1f1b or dualpipe</source>
        <translation>1f1b 或 dualpipe</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>automatic, or e.g. TP8 PP16 DP64 CP1 EP1 mb1 v8</source>
        <translation>automatic（自动），或如 TP8 PP16 DP64 CP1 EP1 mb1 v8</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Topology</source>
        <translation>拓扑</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>rail-optimized or leaf-spine</source>
        <translation>rail-optimized 或 leaf-spine</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>“%1” is not rail-optimized or leaf-spine</source>
        <translation>“%1”不是 rail-optimized 或 leaf-spine</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>0 = automatic</source>
        <translation>0 = 自动</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>per tier above the leaf, e.g. 1, 4</source>
        <translation>叶层以上每层一个值，例如 1, 4</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>the servers&apos; own NICs</source>
        <translation>服务器自带网卡</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Short cable</source>
        <translation>短距线缆</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Long cable</source>
        <translation>长距线缆</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>GPU MTBF</source>
        <translation>GPU MTBF</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+1"/>
        <location line="+3"/>
        <location line="+1"/>
        <source>h</source>
        <translation>h</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Node MTBF</source>
        <translation>节点 MTBF</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Switch MTBF</source>
        <translation>交换机 MTBF</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Link MTBF</source>
        <translation>链路 MTBF</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NIC MTBF</source>
        <translation>网卡 MTBF</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Software MTBF</source>
        <translation>软件 MTBF</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>h per GPU</source>
        <translation>h（每 GPU）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Job-level MTBF</source>
        <translation>作业级 MTBF</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>h per job, 0 = none</source>
        <translation>h（每作业），0 = 无</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Power unit MTBF</source>
        <translation>配电单元 MTBF</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cooling unit MTBF</source>
        <translation>制冷单元 MTBF</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Checkpoint interval</source>
        <translation>检查点间隔</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>min, 0 = optimal</source>
        <translation>min，0 = 最优</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Detection</source>
        <translation>故障检测</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+4"/>
        <source>custom: min</source>
        <translation>custom 时：min</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Restart</source>
        <translation>重启</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>custom: min, fixed part</source>
        <translation>custom 时：min，固定部分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Initialisation</source>
        <translation>初始化</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>custom: s per 1,024 GPUs</source>
        <translation>custom 时：s（每 1,024 个 GPU）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Initialisation growth</source>
        <translation>初始化增长</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>custom: exponent</source>
        <translation>custom 时：指数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Warm-up</source>
        <translation>预热</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Repair</source>
        <translation>维修</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>custom: h</source>
        <translation>custom 时：h</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hot spares per domain</source>
        <translation>每故障域热备数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>−1 = catalog default</source>
        <translation>−1 = 部件目录默认值</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Life</source>
        <translation>使用年限</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>years</source>
        <translation>年</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>USD/kWh</source>
        <translation>USD/kWh</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>0 = from cooling</source>
        <translation>0 = 按制冷设计</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>0–1</source>
        <translation>0–1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Staff</source>
        <translation>运维人员</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>FTE, 0 = scaled</source>
        <translation>FTE，0 = 按规模估算</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Staff cost</source>
        <translation>人员成本</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>USD/year</source>
        <translation>USD/年</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>USD/GPU-h, 0 = catalog</source>
        <translation>USD/GPU-h，0 = 部件目录价格</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Facility build</source>
        <translation>设施建设</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>USD/MW</source>
        <translation>USD/MW</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Colocation</source>
        <translation>托管</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>USD/kW/month, 0 = build</source>
        <translation>USD/kW/月，0 = 自建</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Air cooling plant</source>
        <translation>风冷制冷设施</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+1"/>
        <source>USD/kW</source>
        <translation>USD/kW</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Liquid cooling plant</source>
        <translation>液冷制冷设施</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Integration</source>
        <translation>集成</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>share of hardware</source>
        <translation>占硬件成本比例</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Maintenance</source>
        <translation>维护</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+2"/>
        <source>share of hardware per year</source>
        <translation>每年占硬件成本比例</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Software</source>
        <translation>软件</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>USD/GPU/year</source>
        <translation>USD/GPU/年</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Spares</source>
        <translation>备件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delivery</source>
        <translation>交付周期</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>months, 0 = from lead times</source>
        <translation>月，0 = 按供货周期</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Reliability</source>
        <translation>可靠性</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Change %1</source>
        <translation>修改%1</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>from the racks&apos; switches</source>
        <translation>由机柜中的交换机决定</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Set by the switches in the design&apos;s network racks (%1 tiers). Change them on the plan, or generate the design again with another taper (File › New).</source>
        <translation>由设计中网络机柜内的交换机决定（%1 层）。请在平面图上修改这些交换机，或以其他收敛比重新生成设计（文件 › 从模板新建）。</translation>
    </message>
</context>
<context>
    <name>cp::gui::LegendWidget</name>
    <message>
        <location filename="../views/plan/legendwidget.cpp" line="+106"/>
        <source>%1: %2 racks</source>
        <translation>%1：%2 个机柜</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Power units: %1</source>
        <translation>配电单元：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cooling units: %1</source>
        <translation>制冷单元：%1</translation>
    </message>
    <message>
        <location line="+118"/>
        <source>%1 m</source>
        <translation>%1 m</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 cm</source>
        <translation>%1 cm</translation>
    </message>
</context>
<context>
    <name>cp::gui::MainWindow</name>
    <message>
        <location filename="../views/window/mainwindow.cpp" line="+88"/>
        <source>Plan</source>
        <translation>平面图</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>3D</source>
        <translation>3D</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Bandwidth</source>
        <translation>带宽</translation>
    </message>
    <message>
        <location line="+41"/>
        <location filename="../views/window/mainwindow_files.cpp" line="+387"/>
        <source>Autosave failed: %1</source>
        <translation>自动保存失败：%1</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Failure Domains</source>
        <translation>故障域</translation>
    </message>
    <message>
        <location line="+100"/>
        <source>Evaluating the design…</source>
        <translation>正在评估设计…</translation>
    </message>
    <message>
        <location line="+105"/>
        <source>%1%2[*] — Cluster Planner</source>
        <translation>%1%2[*] — Cluster Planner</translation>
    </message>
    <message>
        <location line="+63"/>
        <source>Language: %1</source>
        <translation>语言：%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+13"/>
        <source>Change Language</source>
        <translation>切换语言</translation>
    </message>
    <message>
        <location line="-12"/>
        <source>Cluster Planner shows %1 when it starts again. Restart now?</source>
        <translation>Cluster Planner 重新启动后显示%1。现在重新启动吗？</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 from the next start</source>
        <translation>下次启动时切换为%1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Cannot start %1 again; the language changes at the next start.</source>
        <translation>无法重新启动 %1；语言将在下次启动时切换。</translation>
    </message>
    <message>
        <location line="+82"/>
        <source>“%1” is a setting of the design, not a part on the plan</source>
        <translation>“%1”是设计的设置项，而非平面图上的部件</translation>
    </message>
    <message>
        <location filename="../views/window/mainwindow_actions.cpp" line="+45"/>
        <source>&amp;New from Template…</source>
        <translation>从模板新建(&amp;N)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Generate a design from a template</source>
        <translation>从模板生成设计</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open S&amp;weep Results…</source>
        <translation>打开参数扫描结果(&amp;W)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show a sweep&apos;s variants and their Pareto front (cluster-planner-cli sweep)</source>
        <translation>显示参数扫描的各变体及其帕累托前沿（cluster-planner-cli sweep）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open Sweep Results</source>
        <translation>打开参数扫描结果</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sweep results (*.sqlite *.db);;All files (*)</source>
        <translation>参数扫描结果 (*.sqlite *.db);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Save &amp;As…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Fit to View</source>
        <translation>适合窗口(&amp;F)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Zoom &amp;Out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Plan</source>
        <translation>平面图(&amp;P)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;3D Hall</source>
        <translation>3D 机房(&amp;3)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Bandwidth Heatmap</source>
        <translation>带宽热力图(&amp;B)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;History…</source>
        <translation>历史(&amp;H)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The saved revisions of this file, with their comments</source>
        <translation>此文件已保存的修订及其备注</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cluster Planner &amp;Help</source>
        <translation>Cluster Planner 帮助(&amp;H)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Next &amp;Pane</source>
        <translation>下一个窗格(&amp;P)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Previous Pa&amp;ne</source>
        <translation>上一个窗格(&amp;N)</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Colour the racks by</source>
        <translation>机柜着色依据</translation>
    </message>
    <message>
        <location line="+8"/>
        <location line="+12"/>
        <source>&amp;System</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <location line="-12"/>
        <source>&amp;Light</source>
        <translation>浅色(&amp;L)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Dark</source>
        <translation>深色(&amp;D)</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>&amp;Overlay</source>
        <translation>叠加图层(&amp;O)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <location line="+10"/>
        <source> Overlay: </source>
        <translation> 叠加图层： </translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;About Cluster Planner</source>
        <translation>关于 Cluster Planner(&amp;A)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>About &amp;Qt</source>
        <translation>关于 Qt(&amp;Q)</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Cu&amp;t</source>
        <translation>剪切(&amp;T)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Paste</source>
        <translation>粘贴(&amp;P)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Duplicate</source>
        <translation>再制(&amp;D)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>De&amp;lete</source>
        <translation>删除(&amp;L)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Rotate 90°</source>
        <translation>旋转 90°(&amp;R)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Select &amp;All</source>
        <translation>全选(&amp;A)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Stamp Selection…</source>
        <translation>阵列复制所选内容(&amp;S)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Repeat the selected row or pod N times at a spacing</source>
        <translation>将所选机柜列或 Pod 按指定间距重复 N 次</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Auto-assign Nearest Feeds</source>
        <translation>自动分配最近的供电(&amp;A)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Connect every rack without power or cooling to the nearest unit</source>
        <translation>将所有未连接配电或制冷的机柜连接到最近的配电单元或制冷单元</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Se&amp;lect Tool</source>
        <translation>选择工具(&amp;L)</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Feed Tool</source>
        <translation>供电工具(&amp;F)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Click a power or cooling unit, then the racks it feeds</source>
        <translation>单击一个配电单元或制冷单元，再单击由其供电/供冷的机柜</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Edit</source>
        <translation>编辑</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Undo History</source>
        <translation>撤销历史</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&lt;opened&gt;</source>
        <translation>&lt;已打开&gt;</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>About Cluster Planner</source>
        <translation>关于 Cluster Planner</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;h3&gt;Cluster Planner %1&lt;/h3&gt;&lt;p&gt;Lay out an AI training cluster in a data hall and see what it delivers: inventory, power and cooling, fabric, training speed, reliability and cost.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Cluster Planner %1&lt;/h3&gt;&lt;p&gt;在机房中布置 AI 训练集群，并评估其交付能力：设备清单、供电与制冷、网络、训练速度、可靠性和成本。&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Cluster Planner Help</source>
        <translation>Cluster Planner 帮助</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&lt;h3&gt;Cluster Planner&lt;/h3&gt;&lt;p&gt;Drag parts from the &lt;b&gt;Palette&lt;/b&gt; onto the plan, edit them in the &lt;b&gt;Inspector&lt;/b&gt;. Every edit is evaluated in the background; the &lt;b&gt;Results&lt;/b&gt; dock shows the figures, the &lt;b&gt;Problems&lt;/b&gt; dock what is wrong — double-click or press Enter on a problem to select the part.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Overlays&lt;/b&gt; (toolbar or View → Overlay) colour the racks by power density, by the failure domain of the selected part, or by the bandwidth from the selected rack.&lt;/p&gt;&lt;p&gt;Unsaved changes are autosaved every few minutes and offered back after a crash. Each save asks for a comment, kept in File → History.&lt;/p&gt;&lt;h4&gt;Keyboard shortcuts&lt;/h4&gt;&lt;table cellspacing=&quot;4&quot;&gt;%1&lt;/table&gt;&lt;p&gt;More in docs/gui.md and docs/editing.md.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Cluster Planner&lt;/h3&gt;&lt;p&gt;将&lt;b&gt;部件库&lt;/b&gt;中的部件拖放到平面图上，并在&lt;b&gt;属性面板&lt;/b&gt;中编辑。每次编辑都会在后台评估；&lt;b&gt;结果&lt;/b&gt;面板显示各项指标，&lt;b&gt;问题&lt;/b&gt;面板列出存在的问题——在某个问题上双击或按 Enter 即可选中对应部件。&lt;/p&gt;&lt;p&gt;&lt;b&gt;叠加图层&lt;/b&gt;（工具栏或“视图 → 叠加图层”）按功率密度、所选部件的故障域或从所选机柜出发的带宽为机柜着色。&lt;/p&gt;&lt;p&gt;未保存的更改每隔几分钟自动保存一次，程序崩溃后可恢复。每次保存时都会要求填写备注，备注保存在“文件 → 历史”中。&lt;/p&gt;&lt;h4&gt;键盘快捷键&lt;/h4&gt;&lt;table cellspacing=&quot;4&quot;&gt;%1&lt;/table&gt;&lt;p&gt;更多信息请参阅 docs/gui.md 和 docs/editing.md。&lt;/p&gt;</translation>
    </message>
    <message>
        <location filename="../views/window/mainwindow_export.cpp" line="+50"/>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Comparison Report (HTML or PDF)…</source>
        <translation>对比报告（HTML 或 PDF）(&amp;C)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The open scenario and the ticked ones side by side, as `compare --report` writes it</source>
        <translation>将当前方案与勾选的方案并排对比，内容与 `compare --report` 的输出相同</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Export Comparison Report</source>
        <translation>导出对比报告</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PDF report (*.pdf);;HTML report (*.html)</source>
        <translation>PDF 报告 (*.pdf);;HTML 报告 (*.html)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Bill of Materials (CSV)…</source>
        <translation>物料清单（CSV）(&amp;B)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Every priced part of the open and ticked scenarios, one CSV line each</source>
        <translation>当前方案及勾选方案中所有计价部件，每个部件一行 CSV</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Export Bill of Materials</source>
        <translation>导出物料清单</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Plan (SVG or PDF)…</source>
        <translation>平面图（SVG 或 PDF）(&amp;P)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The hall plan as drawn, with a title block and a scale bar</source>
        <translation>按当前显示导出机房平面图，附标题栏和比例尺</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Export Plan</source>
        <translation>导出平面图</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>PDF drawing (*.pdf);;SVG drawing (*.svg)</source>
        <translation>PDF 图纸 (*.pdf);;SVG 图纸 (*.svg)</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Computing the figures for the %1…</source>
        <translation>正在计算%1所需的数据…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Export cancelled</source>
        <translation>导出已取消</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The open design has no figures to export: %1</source>
        <translation>当前设计没有可导出的数据：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>it was not evaluated</source>
        <translation>尚未评估</translation>
    </message>
    <message>
        <location filename="../views/window/mainwindow_plugins.cpp" line="+88"/>
        <location filename="../views/window/mainwindow_export.cpp" line="+1"/>
        <location line="+26"/>
        <location line="+34"/>
        <location line="+20"/>
        <location line="+21"/>
        <source>Cannot Export</source>
        <translation>无法导出</translation>
    </message>
    <message>
        <location filename="../views/window/mainwindow_export.cpp" line="-76"/>
        <source>%1: a report is written as .html or .pdf</source>
        <translation>%1：报告须保存为 .html 或 .pdf 文件</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>report</source>
        <translation>报告</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Writing the report…</source>
        <translation>正在写入报告…</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+54"/>
        <source>unsaved</source>
        <translation>未保存</translation>
    </message>
    <message>
        <location line="-40"/>
        <source>Cluster design report</source>
        <translation>集群设计报告</translation>
    </message>
    <message numerus="yes">
        <location line="+10"/>
        <source>Wrote the report of %n design(s) to %1</source>
        <translation>
            <numerusform>已将 %n 个设计的报告写入 %1</numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>bill of materials</source>
        <translation>物料清单</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Wrote the bill of materials to %1</source>
        <translation>已将物料清单写入 %1</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Wrote the plan to %1</source>
        <translation>已将平面图写入 %1</translation>
    </message>
    <message>
        <location filename="../views/window/mainwindow_files.cpp" line="-315"/>
        <location line="+38"/>
        <location line="+64"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="-101"/>
        <location line="+40"/>
        <source>Cannot Open File</source>
        <translation>无法打开文件</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Cannot Save File</source>
        <translation>无法保存文件</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Cannot Create Design</source>
        <translation>无法创建设计</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Cannot Create Sample Design</source>
        <translation>无法创建示例设计</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Untitled design</source>
        <translation>未命名设计</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Unsaved Changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>“%1” has unsaved changes. Save them?</source>
        <translation>“%1”有未保存的更改。是否保存？</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Open Design</source>
        <translation>打开设计</translation>
    </message>
    <message>
        <location line="+1"/>
        <location filename="../views/window/mainwindow_scenarios.cpp" line="+212"/>
        <source>Cluster Planner files (*.cplan *.json);;Projects (*.cplan);;Design JSON (*.json);;All files (*)</source>
        <translation>Cluster Planner 文件 (*.cplan *.json);;项目 (*.cplan);;设计 JSON (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Project (*.cplan)</source>
        <translation>项目 (*.cplan)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save Design As</source>
        <translation>设计另存为</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Project (*.cplan);;Design JSON (*.json)</source>
        <translation>项目 (*.cplan);;设计 JSON (*.json)</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>No recent files</source>
        <translation>无最近打开的文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Clear Menu</source>
        <translation>清除菜单(&amp;C)</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>Autosaved</source>
        <translation>已自动保存</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Cannot Recover File</source>
        <translation>无法恢复文件</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Recovered unsaved changes; save them to keep them</source>
        <translation>已恢复未保存的更改；请保存以保留这些更改</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>an unsaved design</source>
        <translation>一个未保存的设计</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>“%1”</source>
        <translation>“%1”</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Recover Unsaved Changes</source>
        <translation>恢复未保存的更改</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cluster Planner did not close properly. Changes to %1, autosaved %2, can be recovered.</source>
        <translation>Cluster Planner 未正常关闭。可以恢复对%1所做的更改（自动保存于 %2）。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Recover</source>
        <translation>恢复(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Discard</source>
        <translation>丢弃(&amp;D)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Not Now</source>
        <translation>暂不处理(&amp;N)</translation>
    </message>
    <message>
        <location filename="../views/window/mainwindow_planmenu.cpp" line="+59"/>
        <source>Feed Power From</source>
        <translation>供电来源</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Feed Cooling From</source>
        <translation>制冷来源</translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>%1 — %2, %3 kW, %n rack(s) served</source>
        <translation>
            <numerusform>%1 — %2，%3 kW，服务 %n 个机柜</numerusform>
        </translation>
    </message>
    <message>
        <location line="+9"/>
        <source>the %1 nearest of %2; use the Feed Tool (E) for others</source>
        <translation>仅列出最近的 %1 个（共 %2 个）；其他单元请使用供电工具（E）</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Select Failure Domain</source>
        <translation>选择故障域</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Select one rack or unit</source>
        <translation>请选择一个机柜或单元</translation>
    </message>
    <message numerus="yes">
        <location line="+10"/>
        <source>%1: %2 GPUs down in %n rack(s)</source>
        <translation>
            <numerusform>%1：%n 个机柜中 %2 个 GPU 宕机</numerusform>
        </translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Show in Elevation</source>
        <translation>在立面图中显示</translation>
    </message>
    <message>
        <location filename="../views/window/mainwindow_plugins.cpp" line="-46"/>
        <source>E&amp;xport with Plugin</source>
        <translation>使用插件导出(&amp;X)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1…</source>
        <translation>%1…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Write the design through the “%1” exporter into a folder</source>
        <translation>通过“%1”导出器将设计写入文件夹</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Export “%1” into Folder</source>
        <translation>将“%1”导出到文件夹</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No exporter plugins loaded</source>
        <translation>未加载导出器插件</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Plugins…</source>
        <translation>插件(&amp;P)…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>No exporter plugin “%1” is loaded</source>
        <translation>未加载导出器插件“%1”</translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>Exported %n file(s) with “%1” into %2</source>
        <translation>
            <numerusform>已使用“%1”将 %n 个文件导出到 %2</numerusform>
        </translation>
    </message>
    <message>
        <location line="+14"/>
        <source>&lt;h3&gt;Plugins&lt;/h3&gt;</source>
        <translation>&lt;h3&gt;插件&lt;/h3&gt;</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;p&gt;Searched, in order: %1.&lt;/p&gt;</source>
        <translation>&lt;p&gt;搜索路径（按顺序）：%1。&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&lt;p&gt;No plugin is loaded.&lt;/p&gt;</source>
        <translation>&lt;p&gt;未加载任何插件。&lt;/p&gt;</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Topology generators (File › New)</source>
        <translation>拓扑生成器（文件 › 从模板新建）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Importers</source>
        <translation>导入器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exporters (File › Export with Plugin)</source>
        <translation>导出器（文件 › 使用插件导出）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;h4&gt;Refused&lt;/h4&gt;&lt;ul&gt;</source>
        <translation>&lt;h4&gt;已拒绝加载&lt;/h4&gt;&lt;ul&gt;</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Plugins</source>
        <translation>插件</translation>
    </message>
    <message>
        <location filename="../views/window/mainwindow_scenarios.cpp" line="-118"/>
        <source>Opened scenario %1</source>
        <translation>已打开方案 %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Scenario “%1”: %2</source>
        <translation>方案“%1”：%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+23"/>
        <location line="+37"/>
        <source>Cannot Add Scenario</source>
        <translation>无法添加方案</translation>
    </message>
    <message>
        <location line="-56"/>
        <source>Added scenario %1 (unsaved): tick it in the Scenarios dock to compare, double-click to open</source>
        <translation>已添加方案 %1（未保存）：在“方案”面板中勾选以进行对比，双击以打开</translation>
    </message>
    <message>
        <location line="+75"/>
        <source>Scenario “%1” is open: open another scenario before removing it</source>
        <translation>方案“%1”当前已打开：请先打开其他方案，再将其移除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cannot Remove Scenario</source>
        <translation>无法移除方案</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Remove Scenario</source>
        <translation>移除方案</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Remove scenario “%1” from the project? The file keeps it until you save.</source>
        <translation>是否从项目中移除方案“%1”？保存之前，文件中仍保留该方案。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Removed scenario %1 (unsaved)</source>
        <translation>已移除方案 %1（未保存）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Add Scenario from Template</source>
        <translation>从模板添加方案</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Add Scenario from File</source>
        <translation>从文件添加方案</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Cannot Open Sweep Results</source>
        <translation>无法打开参数扫描结果</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>Cannot Open the Variant</source>
        <translation>无法打开该变体</translation>
    </message>
</context>
<context>
    <name>cp::gui::NewDesignDialog</name>
    <message>
        <location filename="../views/dialogs/newdesigndialog.cpp" line="+17"/>
        <source>New Design from Template</source>
        <translation>从模板新建设计</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Classic — 8-GPU servers, rail-optimised fat tree</source>
        <translation>经典 — 8-GPU 服务器，轨道优化胖树</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Supernode — 72-GPU liquid-cooled scale-up racks</source>
        <translation>超节点 — 72-GPU 液冷纵向扩展机柜</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Gigawatt — a campus of supernode halls on a 4-tier fabric</source>
        <translation>吉瓦级 — 由多个超节点机房组成的园区，采用 4 层网络</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Template default</source>
        <translation>模板默认值</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>GPUs are installed GPUs, spares included, rounded up to whole servers or supernodes.</source>
        <translation>GPU 数为已安装的 GPU 总数（含备件），并向上取整到完整的服务器或超节点。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&amp;Template:</source>
        <translation>模板(&amp;T)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;GPUs:</source>
        <translation>GPU 数(&amp;G)：</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>%1 — plugin generator “%2”</source>
        <translation>%1 — 插件生成器“%2”</translation>
    </message>
</context>
<context>
    <name>cp::gui::Overlay</name>
    <message>
        <location filename="../views/plan/overlay.cpp" line="+36"/>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Power density</source>
        <translation>功率密度</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+93"/>
        <source>Failure domain</source>
        <translation>故障域</translation>
    </message>
    <message>
        <location line="-92"/>
        <source>Bandwidth</source>
        <translation>带宽</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Power density (kW per rack)</source>
        <translation>功率密度（每机柜 kW）</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+64"/>
        <location line="+36"/>
        <source>Waiting for the evaluation…</source>
        <translation>正在等待评估…</translation>
    </message>
    <message>
        <location line="-86"/>
        <source>rack</source>
        <translation>机柜</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>0 kW</source>
        <translation>0 kW</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 kW</source>
        <translation>%1 kW</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 limit %2 kW</source>
        <translation>%1 上限 %2 kW</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Nameplate above the rack&apos;s limit (%1)</source>
        <translation>铭牌功率超出机柜上限（%1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No load</source>
        <translation>无负载</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Hottest: %1 at %2 kW</source>
        <translation>最热：%1，%2 kW</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>1 rack above its power limit</source>
        <translation>1 个机柜超出功率上限</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 racks above their power limit</source>
        <translation>%1 个机柜超出功率上限</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Taken down</source>
        <translation>宕机</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Served, kept up by redundancy</source>
        <translation>受其服务、依靠冗余保持运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unaffected</source>
        <translation>不受影响</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+5"/>
        <source>Select a rack, power or cooling unit.</source>
        <translation>请选择机柜、配电单元或制冷单元。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1: redundant, 0 GPUs down (%2 served)</source>
        <translation>%1：冗余，0 个 GPU 宕机（服务 %2）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: %2 GPUs down in %3</source>
        <translation>%1：%3 中 %2 个 GPU 宕机</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failure of %1 takes down %2 GPUs</source>
        <translation>%1 故障导致 %2 个 GPU 宕机</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Bandwidth (GB/s per GPU)</source>
        <translation>带宽（每 GPU GB/s）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The design has no scale-out fabric.</source>
        <translation>该设计没有横向扩展网络。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No GPUs on the fabric</source>
        <translation>网络上无 GPU</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The selected rack has no GPUs on the fabric.</source>
        <translation>所选机柜在网络上没有 GPU。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select a rack with GPUs.</source>
        <translation>请选择装有 GPU 的机柜。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Selected rack (%1 GB/s within)</source>
        <translation>所选机柜（柜内 %1 GB/s）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>0</source>
        <translation>0</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1</source>
        <translation>%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>lowest %1</source>
        <translation>最低 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>From %1 (matrix by %2)</source>
        <translation>自 %1（矩阵粒度：%2）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>From %1: %2–%3 GB/s per GPU</source>
        <translation>自 %1：每 GPU %2–%3 GB/s</translation>
    </message>
</context>
<context>
    <name>cp::gui::PaletteDock</name>
    <message>
        <location filename="../views/docks/palettedock.cpp" line="+24"/>
        <source>Accelerators</source>
        <translation>加速卡</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU servers</source>
        <translation>GPU 服务器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Supernodes</source>
        <translation>超节点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Switches</source>
        <translation>交换机</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NICs</source>
        <translation>网卡</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cables and optics</source>
        <translation>线缆与光模块</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Storage</source>
        <translation>存储</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Racks</source>
        <translation>机柜</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PDUs</source>
        <translation>PDU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Busways</source>
        <translation>母线槽</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>UPS</source>
        <translation>UPS</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CRAH units</source>
        <translation>CRAH 制冷单元</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rear-door heat exchangers</source>
        <translation>背板换热器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CDUs</source>
        <translation>CDU</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Catalog</source>
        <translation>部件目录</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Search parts…</source>
        <translation>搜索部件…</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Part</source>
        <translation>部件</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Catalog id</source>
        <translation>目录 ID</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location line="+120"/>
        <source>%1 GPUs · %2 U · %3 kW max</source>
        <translation>%1 个 GPU · %2 U · 最大 %3 kW</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 × %2 Gb/s · %3 U</source>
        <translation>%1 × %2 Gb/s · %3 U</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 TB · %2 GB/s read · %3 U</source>
        <translation>%1 TB · 读 %2 GB/s · %3 U</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 U · %2 kW · %3 × %4 m</source>
        <translation>%1 U · %2 kW · %3 × %4 m</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 kW capacity</source>
        <translation>容量 %1 kW</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Drag onto the floor to place.</source>
        <translation>拖放到机房平面上即可放置。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Drag onto a rack to mount.</source>
        <translation>拖放到机柜上即可安装。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Drag onto the floor, then feed racks.</source>
        <translation>拖放到机房平面上，然后为机柜供电。</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>No source given.</source>
        <translation>未注明数据来源。</translation>
    </message>
</context>
<context>
    <name>cp::gui::PlanExport</name>
    <message>
        <location filename="../views/plan/planexport.cpp" line="+52"/>
        <source>Design</source>
        <translation>设计</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scenario</source>
        <translation>方案</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Figures</source>
        <translation>指标</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>not evaluated</source>
        <translation>未评估</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Date</source>
        <translation>日期</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Drawn by</source>
        <extracomment>the title block&apos;s &quot;drawn by&quot; field of an exported plan drawing</extracomment>
        <translation>绘制</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>%1: the plan is empty; nothing to export</source>
        <translation>%1：平面图为空，没有可导出的内容</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Hall plan: %1</source>
        <translation>机房平面图：%1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1: a plan is exported as .svg or .pdf</source>
        <translation>%1：平面图只能导出为 .svg 或 .pdf</translation>
    </message>
</context>
<context>
    <name>cp::gui::ProblemsDock</name>
    <message>
        <location filename="../views/docks/problemsdock.cpp" line="+44"/>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Info</source>
        <translation>信息</translation>
    </message>
    <message>
        <location line="+128"/>
        <location line="+42"/>
        <location line="+53"/>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <location line="-87"/>
        <source>Severity</source>
        <translation>严重程度</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Part</source>
        <translation>部件</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Message</source>
        <translation>消息</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Found by</source>
        <translation>发现来源</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>Not evaluated yet.</source>
        <translation>尚未评估。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No problems found.</source>
        <translation>未发现问题。</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>validation</source>
        <translation>校验</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>evaluation</source>
        <translation>评估</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>plugins</source>
        <translation>插件</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>1 error</source>
        <translation>1 个错误</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 errors</source>
        <translation>%1 个错误</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1 warning</source>
        <translation>1 个警告</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1 warnings</source>
        <translation>%1 个警告</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Problems (%1, %2)</source>
        <translation>问题（%1，%2）</translation>
    </message>
</context>
<context>
    <name>cp::gui::RecoveryFile</name>
    <message>
        <location filename="../views/session/recoveryfile.cpp" line="+76"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>%1: cannot replace the recovery file</source>
        <translation>%1：无法替换恢复文件</translation>
    </message>
</context>
<context>
    <name>cp::gui::ResultsDock</name>
    <message>
        <location filename="../views/docks/resultsdock.cpp" line="+179"/>
        <location line="+94"/>
        <source>%1 – %2</source>
        <translation>%1 – %2</translation>
    </message>
    <message>
        <location line="-91"/>
        <source>8 in 10 draws of the uncertain inputs land in this range: prices, rates, the cloud price path, utilisation and the training and reliability bands (docs/cost.md, &quot;Ranges and decisions&quot;)</source>
        <translation>不确定输入的 10 次抽样中有 8 次落在此区间内：价格、费率、云租用价格走势、利用率以及训练与可靠性区间（docs/cost.md，“Ranges and decisions”）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>8 in 10 fleets and teams like this one land in this range: the failure rates and recovery times drawn from their ranges (docs/reliability.md)</source>
        <translation>与此类似的机群和团队中，10 个有 8 个落在此区间内：故障率和恢复时间均在其区间内抽样（docs/reliability.md）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>8 runs in 10 like this one land in this range (errors of the %1 regime against published runs, docs/validation.md)</source>
        <translation>与此类似的训练运行中，10 次有 8 次落在此区间内（依据 %1 工况相对已公开训练运行的误差，docs/validation.md）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 (not covered: communication-bound)</source>
        <translation>%1（区间不适用：通信受限）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Communication-bound step: its data-parallel traffic is %1× its compute, more than the backward pass it hides behind, so how it is scheduled decides the step. The %2 published runs like this ran at %3 % to %4 % of the predicted throughput (docs/validation.md, &quot;Communication-bound steps&quot;)</source>
        <translation>通信受限的训练步：其数据并行通信量是计算的 %1 倍，超过了用来掩盖它的反向计算，因此步长取决于通信如何调度。%2 个此类公开运行的实测吞吐为预测值的 %3 % 至 %4 %（docs/validation.md，“Communication-bound steps”）</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>switches</source>
        <translation>台交换机</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+5"/>
        <source>Switches, %1</source>
        <translation>交换机，%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Switches, %1 network</source>
        <translation>交换机，%1网络</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>never</source>
        <translation>从不</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>as the design sets it (Finance: Delivery)</source>
        <translation>按设计中的设定（财务：交付）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>from lead times; the longest: %1, %2 weeks</source>
        <translation>按供货周期计算；最长的一项：%1，%2 周</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>IT power by row</source>
        <translation>各机柜列 IT 功率</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>kW</source>
        <translation>kW</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Nearest published runs</source>
        <translation>最相近的已发表运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>model error</source>
        <translation>模型误差</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The model&apos;s error on the published runs most like this one, each predicted with the calibration fitted without its source; + means the model predicted it faster than it ran (docs/validation.md)</source>
        <translation>模型在与本设计最相近的已发表运行上的误差，每一条都用不含其来源的数据拟合的校准来预测；+ 表示模型预测得比实际运行更快（docs/validation.md）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Not on this part</source>
        <translation>不在此型号上</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no published run here ran on %1</source>
        <translation>此处没有已发表运行使用 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>These runs ran on other parts: their errors are the model&apos;s there, not on %1</source>
        <translation>这些运行使用的是其他型号：其误差是模型在那些型号上的误差，而非在 %1 上的</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Nearest on %1</source>
        <translation>%1 上最相近的运行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>None of the runs above ran on %1; the nearest that did: %2</source>
        <translation>以上运行均未使用 %1；使用它的最相近运行：%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Stack efficiency</source>
        <translation>软件栈效率</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The figures shown are the model&apos;s times the workload&apos;s stack efficiency; the runs&apos; errors are the model&apos;s own, on tuned stacks</source>
        <translation>所示数值为模型结果乘以工作负载的软件栈效率；这些运行的误差是模型本身在调优软件栈上的误差</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Assumed by the model</source>
        <translation>模型采用的默认值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 fields</source>
        <translation>%1 个字段</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>What the workload does not say and the training estimate assumes (evaluate --json: performance.defaults_used; docs/estimate.md)</source>
        <translation>训练负载未指定、由训练估算自行假定的字段（evaluate --json：performance.defaults_used；docs/estimate.md）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: does not fit</source>
        <translation>%1：显存放不下</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Tokens per second with the same layout and %1 set to %2 instead (evaluate --json: performance.assumption_effects)</source>
        <translation>同一并行布局下将 %1 改为 %2 时每秒 token 数的变化（evaluate --json：performance.assumption_effects）</translation>
    </message>
    <message>
        <location line="+63"/>
        <source>Oversubscription</source>
        <translation>收敛比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Cables</source>
        <translation>线缆</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>links</source>
        <translation>条链路</translation>
    </message>
    <message>
        <location line="-51"/>
        <source>Layout (searched)</source>
        <translation>布局（已搜索）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Layout</source>
        <translation>布局</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Right-click to pin this layout in the design</source>
        <translation>右键单击可将此布局固定到设计中</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>Training speed</source>
        <translation>训练速度</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>n/a</source>
        <translation>不适用</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>see Problems</source>
        <translation>见“问题”</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>Resilience policy</source>
        <translation>容错策略</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Results</source>
        <translation>结果</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Inventory</source>
        <translation>清单</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Training and fabric</source>
        <translation>训练与网络</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Power and cost</source>
        <translation>功耗与成本</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>no evaluated layout to pin</source>
        <translation>没有可固定的已评估布局</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Pin the layout %1</source>
        <translation>固定布局 %1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Pin This Layout in the Design</source>
        <translation>将此布局固定到设计中</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Layout not pinned: %1</source>
        <translation>布局未固定：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Copy Layout</source>
        <translation>复制布局</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Unit</source>
        <translation>单位</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>P10 – P90</source>
        <translation>P10 – P90</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Not evaluated yet.</source>
        <translation>尚未评估。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Evaluating…</source>
        <translation>正在评估…</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Evaluation was cancelled; figures are partial.</source>
        <translation>评估已取消；结果不完整。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Up to date.</source>
        <translation>已是最新。</translation>
    </message>
</context>
<context>
    <name>cp::gui::ScenarioSet</name>
    <message>
        <location filename="../views/session/scenarioset.cpp" line="+92"/>
        <source>the project already has a scenario named &quot;%1&quot;</source>
        <translation>项目中已有名为“%1”的方案</translation>
    </message>
</context>
<context>
    <name>cp::gui::ScenariosDock</name>
    <message>
        <location filename="../views/docks/scenariosdock.cpp" line="+33"/>
        <source>Scenarios</source>
        <translation>方案</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+125"/>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <location line="-125"/>
        <source>Show this scenario in the window (Enter or double-click)</source>
        <translation>在窗口中显示此方案（Enter 或双击）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Add a scenario from a template or a file</source>
        <translation>从模板或文件添加方案</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>From Template…</source>
        <translation>从模板…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>From File…</source>
        <translation>从文件…</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+119"/>
        <source>Duplicate</source>
        <translation>再制</translation>
    </message>
    <message>
        <location line="-119"/>
        <source>Add a copy of this scenario</source>
        <translation>添加此方案的副本</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+119"/>
        <source>Rename</source>
        <translation>重命名</translation>
    </message>
    <message>
        <location line="-119"/>
        <source>Rename this scenario (F2)</source>
        <translation>重命名此方案（F2）</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+119"/>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location line="-119"/>
        <location line="+134"/>
        <source>Remove this scenario from the project</source>
        <translation>从项目中移除此方案</translation>
    </message>
    <message>
        <location line="-125"/>
        <source>Ticked scenarios are compared with the open one (Comparison dock, charts, report)</source>
        <translation>勾选的方案将与当前打开的方案进行对比（对比面板、图表、报告）</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>%1 — open in the window</source>
        <translation>%1 — 已在窗口中打开</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 — %2 racks; double-click to open</source>
        <translation>%1 — %2 个机柜；双击打开</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>&quot;%1&quot;: %2</source>
        <translation>“%1”：%2</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>The open scenario cannot be removed: open another first</source>
        <translation>无法移除当前打开的方案：请先打开其他方案</translation>
    </message>
</context>
<context>
    <name>cp::gui::SummaryLabel</name>
    <message>
        <location filename="../views/window/summarylabel.cpp" line="+25"/>
        <source>Evaluation failed</source>
        <translation>评估失败</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 GPUs</source>
        <translation>%1 个 GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 MW IT</source>
        <translation>IT %1 MW</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>MFU %1 %</source>
        <translation>MFU %1 %</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>job MTBF %1 h</source>
        <translation>作业 MTBF %1 h</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>TCO $%1M</source>
        <translation>TCO $%1M</translation>
    </message>
</context>
<context>
    <name>cp::gui::SweepResultsView</name>
    <message>
        <location filename="../views/sweep/sweepresultsview.cpp" line="+60"/>
        <source>Sweep Results — %1</source>
        <translation>参数扫描结果 — %1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 of %2 variants in %3: %4 evaluated, %5 meet every constraint. Hover a point for its parameters; click it to open that variant as a scenario.</source>
        <translation>%3：共 %2 个变体中的 %1 个；已评估 %4 个，满足全部约束的 %5 个。将鼠标悬停在点上可查看其参数；单击可将该变体作为方案打开。</translation>
    </message>
    <message>
        <location line="+23"/>
        <source> (higher is better)</source>
        <translation>（越高越好）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source> (lower is better)</source>
        <translation>（越低越好）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;X:</source>
        <translation>X(&amp;X)：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Y:</source>
        <translation>Y(&amp;Y)：</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>No variant chosen.</source>
        <translation>未选择变体。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Export &amp;CSV…</source>
        <translation>导出 CSV(&amp;C)…</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>Variant #%1: %2</source>
        <translation>变体 #%1：%2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source> (P10–P90 %1–%2)</source>
        <translation>（P10–P90 %1–%2）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>
Meets every constraint</source>
        <translation>
满足全部约束</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>
Misses: %1</source>
        <translation>
未满足：%1</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Export Sweep Rows</source>
        <translation>导出参数扫描行</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Cannot Export</source>
        <translation>无法导出</translation>
    </message>
</context>
<context>
    <name>cp::gui::fmt</name>
    <message>
        <location filename="../views/style/format.cpp" line="+20"/>
        <source>1 rack</source>
        <translation>1 个机柜</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 racks</source>
        <translation>%1 个机柜</translation>
    </message>
</context>
<context>
    <name>cp::report::Charts</name>
    <message>
        <location filename="../report/chartdata.cpp" line="+123"/>
        <source>Cumulative cost: owning (solid) vs renting the same GPU-hours (dashed)</source>
        <translation>累计成本：自建（实线）与租用同等 GPU 小时（虚线）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>months from order</source>
        <translation>自下单起的月数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cumulative cost, $M</source>
        <translation>累计成本，$M</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+40"/>
        <location line="+13"/>
        <source>no cost figures</source>
        <translation>无成本数据</translation>
    </message>
    <message>
        <location line="-18"/>
        <source>CAPEX by category</source>
        <translation>按类别的 CAPEX</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+13"/>
        <source>design</source>
        <translation>设计</translation>
    </message>
    <message>
        <location line="-12"/>
        <source>CAPEX, $M</source>
        <translation>CAPEX，$M</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>OPEX per year by category</source>
        <translation>按类别的年 OPEX</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>OPEX, $M per year</source>
        <translation>OPEX，$M/年</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Rack power distribution</source>
        <translation>机柜功率分布</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>IT power per rack at training load, kW</source>
        <translation>训练负载下单机柜 IT 功率，kW</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>racks</source>
        <translation>机柜数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no racks</source>
        <translation>无机柜</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Goodput by resilience policy</source>
        <translation>各容错策略下的有效训练率（Goodput）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>policy</source>
        <translation>策略</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+88"/>
        <source>goodput, %</source>
        <translation>有效训练率，%</translation>
    </message>
    <message>
        <location line="-86"/>
        <location line="+91"/>
        <source>no training job (no GPUs or no workload)</source>
        <translation>无训练作业（无 GPU 或无训练负载）</translation>
    </message>
    <message>
        <location line="-73"/>
        <source>What moves the verdict: NPV of owning vs the cloud</source>
        <translation>影响结论的因素：自建相对云租用的净现值（NPV）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>uncertain input (docs/cost.md)</source>
        <translation>不确定输入（docs/cost.md）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>change of the NPV, $M</source>
        <translation>NPV 变化，$M</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no cost ranges (the design has no cost figures)</source>
        <translation>无成本区间（该设计没有成本数据）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>input at its P10</source>
        <translation>输入取 P10</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>input at its P90</source>
        <translation>输入取 P90</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Goodput and tokens after failures vs hot spares (dashed: goodput)</source>
        <translation>有效训练率与故障后 token 产出随热备数的变化（虚线：有效训练率）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>hot spares per scale-up domain</source>
        <translation>每个纵向扩展域的热备数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>share, % (tokens: of the design&apos;s own spares)</source>
        <translation>占比，%（token：相对该设计自身的热备配置）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>no supernode design (spares are per scale-up domain of a supernode)</source>
        <translation>无超节点设计（热备按超节点的纵向扩展域计）</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Goodput vs checkpoint interval (ring: the Young/Daly optimum)</source>
        <translation>有效训练率随检查点间隔的变化（圆圈：Young/Daly 最优值）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Goodput vs checkpoint interval</source>
        <translation>有效训练率随检查点间隔的变化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>checkpoint interval, minutes (log scale)</source>
        <translation>检查点间隔，分钟（对数刻度）</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>MFU and time to train vs GPU count</source>
        <translation>MFU 与训练时长随 GPU 数的变化</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>MFU vs GPU count</source>
        <translation>MFU 随 GPU 数的变化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPUs the job runs on (log scale)</source>
        <translation>作业使用的 GPU 数（对数刻度）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MFU, %</source>
        <translation>MFU，%</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>failure-free time to train, days</source>
        <translation>无故障训练时长，天</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>no workload runs on these designs</source>
        <translation>这些设计上无可运行的训练负载</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>message size, MB (log scale)</source>
        <translation>消息大小，MB（对数刻度）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>bus bandwidth, GB/s per GPU</source>
        <translation>总线带宽，每 GPU GB/s</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>no GPUs</source>
        <translation>无 GPU</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Power per row against the racks&apos; rated limits</source>
        <translation>各机柜列功率与机柜额定上限</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>row</source>
        <translation>机柜列</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+28"/>
        <source>power, kW</source>
        <translation>功率，kW</translation>
    </message>
    <message>
        <location line="-26"/>
        <source>no rows</source>
        <translation>无机柜列</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Power feeds: the most loaded unit in the worst single failure against its capacity</source>
        <translation>供电：最坏单点故障下负载最高的单元与其容量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>power feed</source>
        <translation>供电</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no power units</source>
        <translation>无配电单元</translation>
    </message>
    <message>
        <location filename="../report/reportcharts.cpp" line="+360"/>
        <source>no data</source>
        <translation>无数据</translation>
    </message>
    <message>
        <location filename="../model/cost/uncertainty.cpp" line="+25"/>
        <source>Server and supernode prices</source>
        <translation>服务器与超节点价格</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Network prices (switches, optics)</source>
        <translation>网络价格（交换机、光模块）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Facility build and plant</source>
        <translation>设施建设与机电设备</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Energy price</source>
        <translation>电价</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Maintenance and spares rates</source>
        <translation>维保与备件费率</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Staff cost</source>
        <translation>人员成本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cloud price per GPU-hour</source>
        <translation>每 GPU 小时云价格</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cloud price decline a year</source>
        <translation>云价格年降幅</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fleet utilisation</source>
        <translation>集群利用率</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Training throughput (MFU)</source>
        <translation>训练吞吐（MFU）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Goodput (failures)</source>
        <translation>有效训练率（故障）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delivery time</source>
        <translation>交付周期</translation>
    </message>
    <message>
        <location filename="../model/reliability/policy.cpp" line="+86"/>
        <source>2021 baseline</source>
        <translation>2021 基线</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Llama 3 (2024)</source>
        <translation>Llama 3（2024）</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>state of the art</source>
        <translation>业界先进</translation>
    </message>
    <message>
        <location filename="../report/sweepreport.cpp" line="+49"/>
        <source>, max</source>
        <translation>，越大越好</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>, min</source>
        <translation>，越小越好</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>Pareto front: %1 against %2</source>
        <translation>帕累托前沿：%1 对 %2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No variant has both figures</source>
        <translation>没有变体同时具有这两个指标</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Violate a constraint</source>
        <translation>违反约束</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Meet every constraint</source>
        <translation>满足全部约束</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pareto front</source>
        <translation>帕累托前沿</translation>
    </message>
    <message>
        <location filename="../model/sweep/sweepfigures.cpp" line="+21"/>
        <source>GPUs installed</source>
        <translation>已安装 GPU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Racks</source>
        <translation>机柜</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Facility power (MW)</source>
        <translation>设施功率（MW）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>IT power at training load (MW)</source>
        <translation>训练负载下 IT 功率（MW）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hall area (m²)</source>
        <translation>机房面积（m²）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MFU</source>
        <translation>MFU</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Time to train, no failures (days)</source>
        <translation>无故障训练时长（天）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Goodput</source>
        <translation>Goodput</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Time to train with failures (days)</source>
        <translation>有效训练时长（含故障，天）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CAPEX ($)</source>
        <translation>CAPEX（$）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OPEX ($/year)</source>
        <translation>OPEX（$/年）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>TCO over life ($)</source>
        <translation>全生命周期 TCO（$）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cost to train ($)</source>
        <translation>训练成本（$）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Cost per effective PFLOP-hour ($)</source>
        <translation>每有效 PFLOP·小时成本（$）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NPV of owning vs the cloud ($)</source>
        <translation>自建相对云租用的净现值（$）</translation>
    </message>
</context>
<context>
    <name>cp::report::Report</name>
    <message>
        <location filename="../report/pdfreport.cpp" line="+432"/>
        <source>page %1 of %2</source>
        <translation>第 %1 页，共 %2 页</translation>
    </message>
    <message>
        <location filename="../report/reportcells.cpp" line="+31"/>
        <source>GPU systems (servers, supernodes)</source>
        <translation>GPU 系统（服务器、超节点）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hall construction</source>
        <translation>机房建设</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Switchgear and transformers</source>
        <translation>开关柜与变压器</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Chillers and generators</source>
        <translation>冷水机组与发电机</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Liquid-cooling loop (CDUs, facility water)</source>
        <translation>液冷回路（CDU、设施水）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Provider onboarding</source>
        <translation>服务商接入</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CDU fit-out of the leased hall</source>
        <translation>租用机房的 CDU 改造</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Racking, cabling and burn-in</source>
        <translation>上架、布线与拷机</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>hardware</source>
        <translation>硬件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>facility</source>
        <translation>设施</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>both</source>
        <translation>两者之后</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>network</source>
        <translation>网络</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>storage</source>
        <translation>存储</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>power and cooling</source>
        <translation>供电与制冷</translation>
    </message>
    <message>
        <location filename="../report/reportdocument.cpp" line="+62"/>
        <source>Dimension and figure</source>
        <translation>维度与指标</translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../report/reportsections.cpp" line="+186"/>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Results key (evaluate --json)</source>
        <translation>结果键（evaluate --json）</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>No published run here ran on %1: these ran on other parts, and their errors are the model&apos;s there, not on this one.</source>
        <translation>此处没有已发表运行使用 %1：这些运行使用的是其他型号，其误差是模型在那些型号上的误差，而非在此型号上的。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>None of these ran on %1; the nearest run that did: %2 (%3), %4.</source>
        <translation>这些运行均未使用 %1；使用它的最相近运行：%2（%3），%4。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The figures shown are the model&apos;s times the workload&apos;s stack efficiency, %1; these errors are the model&apos;s own, on tuned stacks.</source>
        <translation>所示数值为模型结果乘以工作负载的软件栈效率 %1；这些误差是模型本身在调优软件栈上的误差。</translation>
    </message>
    <message>
        <location line="+70"/>
        <source>Cluster design comparison</source>
        <translation>集群设计对比</translation>
    </message>
    <message>
        <location line="+22"/>
        <source> vs </source>
        <translation> 对比 </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Report date %1. Generated by %2 from the designs&apos; evaluated results.</source>
        <translation>报告日期 %1。由 %2 根据各设计的评估结果生成。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Design</source>
        <translation>设计</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <location line="+0"/>
        <location filename="../report/reportsections.cpp" line="-78"/>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Revision (file)</source>
        <translation>修订（文件）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Saved (UTC)</source>
        <translation>保存时间（UTC）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Author</source>
        <translation>作者</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Comment (file)</source>
        <translation>说明（文件）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>not a project file</source>
        <translation>不是项目文件</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 of %2</source>
        <translation>第 %1 版，共 %2 版</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>A project file&apos;s revision history belongs to the whole file: scenarios of one file (FILE.cplan#NAME) share its latest revision, time, author and comment.</source>
        <translation>项目文件的修订历史属于整个文件：同一文件中的各方案（FILE.cplan#NAME）共用其最新的修订号、时间、作者和说明。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>How to read it: every figure is computed by the planner&apos;s engine from the design as saved, with the catalog prices and specifications embedded in its file. Each row names the results key it comes from, so it can be traced in the JSON of `cluster-planner-cli evaluate --json`. A shaded, bold value is the better one of its row; rows without a better direction (size, density) are not marked. A pale, italic value is ahead as printed but better in fewer than %1 % of the paired draws of the model&apos;s bands and the cost ranges (Ranges and decisions, below): the model&apos;s own uncertainty does not settle that row.</source>
        <translation>阅读说明：每个数值都由规划引擎根据保存时的设计计算，使用文件中内嵌的部件目录价格和规格。每一行都注明其来源的结果键，可在 `cluster-planner-cli evaluate --json` 的 JSON 中追溯。底色加粗的数值是该行中较优的一个；没有优劣方向的行（规模、密度）不作标记。浅底斜体的数值按显示值领先，但在模型区间与成本区间的成对抽样中占优的比例不足 %1 %（见下文“区间与决策”）：模型自身的不确定性不足以判定该行的优劣。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Key figures</source>
        <translation>关键指标</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Comparison dimensions</source>
        <translation>对比维度</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The dimensions on which architecture comparisons weigh designs (architecture, communication, storage and checkpoints, scheduling, failure domain, redundancy, power, cooling, NIC speed, scale, operations, delivery, cost structure, MFU), each as figures for these designs.</source>
        <translation>架构对比衡量设计的各个维度（架构、通信、存储与检查点、调度、故障域、冗余、供电、制冷、网卡速率、规模、运维、交付、成本结构、算力利用率），每个维度都给出这些设计的具体数值。</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>%1 %2: communication-bound step. Its data-parallel traffic is %3× its compute, more than the backward pass it hides behind, so how it is scheduled decides the step, and the P10–P90 band does not hold: the %4 published runs like this ran at %5 % to %6 % of the predicted throughput (docs/validation.md, &quot;Communication-bound steps&quot;).</source>
        <translation>%1 %2：通信受限的训练步。其数据并行通信量是计算的 %3 倍，超过了用来掩盖它的反向计算，因此步长取决于通信如何调度，P10–P90 区间在此不成立：%4 个此类公开运行的实测吞吐为预测值的 %5 % 至 %6 %（docs/validation.md，“Communication-bound steps”）。</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>%1 %2, the published runs most like it and the model&apos;s error on each, predicted without its source (+: the model predicted it faster than it ran; docs/validation.md): %3.</source>
        <translation>%1 %2：与之最相近的已发表运行，以及模型在每一条上的误差（预测时不含该来源；+ 表示模型预测得比实际运行更快；docs/validation.md）：%3。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Solid: owning (cost.cumulative_usd_by_month: the hall paid as it is built, the hardware when it arrives, staff during delivery, then OPEX); dashed: renting the GPU-hours the design delivers (cost.cloud_cumulative_usd_by_month); a dot marks the break-even month (cost.break_even_month).</source>
        <translation>实线：自建（cost.cumulative_usd_by_month：机房随建设付款，硬件到货时付款，交付期间的人员费用，之后为运营支出）；虚线：云租用该设计提供的 GPU 小时数（cost.cloud_cumulative_usd_by_month）；圆点标出盈亏平衡月份（cost.break_even_month）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Racks by IT power at training load (power.racks[].it_kw), compute, network and storage racks alike, in bins of %1 kW.</source>
        <translation>按训练负载下 IT 功率统计的机柜数（power.racks[].it_kw），计算、网络和存储机柜一并计入，分组间隔 %1 kW。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Useful share of wall time as the checkpoint interval varies, all else equal (reliability model, docs/reliability.md); a dot marks each design&apos;s interval (reliability.checkpoint_interval_minutes) and goodput (reliability.goodput).</source>
        <translation>其他条件不变时，有效训练时间占比随检查点间隔的变化（可靠性模型，docs/reliability.md）；圆点标出各设计的间隔（reliability.checkpoint_interval_minutes）和有效训练率（reliability.goodput）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Goodput of each design under each resilience preset, all else equal (reliability.by_policy; the presets and their sources: docs/reliability.md).</source>
        <translation>其他条件不变时，各设计在各容错策略预设下的有效训练率（reliability.by_policy；预设及其来源：docs/reliability.md）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Supernode designs, the same job with 0, 2, 4 or 8 hot spares per domain: goodput (dashed) and the tokens trained after failures, goodput × the GPUs in service relative to the design&apos;s own spares (reliability.by_spares).</source>
        <translation>超节点设计，同一作业每个域配 0、2、4 或 8 个热备：有效训练率（虚线）及故障后训练的 token 量，即有效训练率 × 在役 GPU 数，相对于设计自身的备件配置（reliability.by_spares）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The design&apos;s workload and global batch at half, a quarter, … of its active GPUs (whole scale-up domains), the parallelism searched again at each count; the rightmost point is the design (performance.mfu).</source>
        <translation>设计的训练负载和全局批次在其在用 GPU 的一半、四分之一……上运行（以完整的纵向扩展域为单位），每个规模重新搜索并行策略；最右侧的点即该设计本身（performance.mfu）。</translation>
    </message>
    <message>
        <location filename="../report/reportsections.cpp" line="-25"/>
        <source>Failure domains</source>
        <translation>故障域</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>For each kind of part: how many the design holds, the GPUs one failure takes down or cuts off, its MTBF, how often it interrupts the training job, and how the job recovers (reliability.failure_domains).</source>
        <translation>每类部件：设计中的数量、一次故障使多少 GPU 宕机或断连、其 MTBF、中断训练作业的频率，以及作业如何恢复（reliability.failure_domains）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No failure domains: the design has no GPUs.</source>
        <translation>没有故障域：设计中没有 GPU。</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+12"/>
        <location line="+238"/>
        <source>Part</source>
        <translation>部件</translation>
    </message>
    <message>
        <location line="-250"/>
        <source>Parts</source>
        <translation>数量</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>GPUs lost, max</source>
        <translation>损失 GPU，最大</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPUs lost, mean</source>
        <translation>损失 GPU，平均</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>MTBF per part, h</source>
        <translation>单件 MTBF，小时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Job interruptions per day</source>
        <translation>每天作业中断次数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Recovery</source>
        <translation>恢复</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Largest failure domains</source>
        <translation>最大的故障域</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Resilience</source>
        <translation>容错</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>How much of the wall time trains after failures, where the rest goes, and what another resilience policy or spare count would give (reliability model and its sources: docs/reliability.md).</source>
        <translation>计入故障后有多少墙钟时间用于训练、其余时间去了哪里，以及换一种容错策略或备件数量会得到什么（可靠性模型及其来源：docs/reliability.md）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No training job: the design has no GPUs.</source>
        <translation>没有训练作业：设计中没有 GPU。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Ranges and decisions</source>
        <translation>区间与决策</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Accelerator</source>
        <translation>加速卡</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Workload</source>
        <translation>训练负载</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Tokens</source>
        <translation>Token 数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Sequence</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Policy</source>
        <translation>策略</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Like for like: the designs share accelerator, workload, tokens, precision, context and policy.</source>
        <translation>同口径对比：各设计的加速卡、训练负载、token 量、精度、上下文长度和策略均相同。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Warning: %1.</source>
        <translation>警告：%1。</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>P(A better than %1)</source>
        <translation>P(A 优于 %1)</translation>
    </message>
    <message>
        <location filename="../report/reportdocument.cpp" line="-287"/>
        <location filename="../report/reportsections.cpp" line="+3"/>
        <location line="+122"/>
        <source>never</source>
        <translation>永不</translation>
    </message>
    <message>
        <location filename="../report/reportsections.cpp" line="-283"/>
        <source>What the assumed training stack moves</source>
        <translation>假定的训练软件栈会改变什么</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The workloads leave these software-stack fields to the model&apos;s defaults. Each is set the other way at every design&apos;s own layout, the rest as it is: the change in tokens per second (evaluate --json: performance.assumption_effects; docs/report.md). &quot;-&quot;: the design gives the field, or it does not apply; &quot;does not fit&quot;: the layout runs out of memory with it.</source>
        <translation>工作负载未写明以下软件栈字段，模型采用默认值。在每个设计自身的并行布局下将各字段改为另一设置、其余不变：每秒 token 数的变化（evaluate --json：performance.assumption_effects；docs/report.md）。&quot;-&quot;：设计已给出此字段，或此字段不适用；&quot;内存不足&quot;：该布局在此设置下内存不足。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Field: assumed, other setting</source>
        <translation>字段：假定值，另一设置</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>does not fit</source>
        <translation>内存不足</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>with %1, %2 goes from %3 to %4</source>
        <translation>在 %1 下，%2 的领先者由 %3 变为 %4</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The verdict rests on the stack: %1. State the stack the run will use in the workload before deciding on these rows.</source>
        <translation>结论取决于软件栈：%1。在依据这些行做决定之前，请在工作负载中写明训练将使用的软件栈。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>No row changes leader with any field whose layouts all fit; where a layout does not fit, it would run another layout, which this table does not estimate.</source>
        <translation>对所有布局都放得下的字段，没有任何一行的领先者改变；布局放不下时，该设计将改用另一布局，本表不估算其结果。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No row changes leader with any one of these fields set the other way.</source>
        <translation>将其中任一字段改为另一设置，都没有任何一行的领先者改变。</translation>
    </message>
    <message>
        <location line="+101"/>
        <source>Every uncertain input (prices, rates, the cloud price path, fleet utilisation, the training model&apos;s throughput band and the reliability model&apos;s goodput band) is drawn from its range, %1 draws with seed %2; each cell is P10 / P50 / P90 (cost.KEY_p10, _p50, _p90). The designs share the draws (all but the training throughput, which designs on different accelerators draw apart: the model&apos;s errors on two parts are not correlated), so P(A better) counts the draws in which design A&apos;s figure is the better one (compare --json: p_a_better). Ranges and sources: docs/cost.md.</source>
        <translation>每个不确定的输入（价格、费率、云价格走势、集群利用率、训练模型的吞吐区间和可靠性模型的有效训练率区间）都从其区间中抽样，共 %1 次抽样，随机种子 %2；每个单元格为 P10 / P50 / P90（cost.KEY_p10、_p50、_p90）。各设计共用同一组抽样（训练吞吐除外：使用不同加速卡的设计各自独立抽样，因为模型在两种加速卡上的误差互不相关），因此 P(A 更优) 统计的是设计 A 的数值更优的抽样次数占比（compare --json：p_a_better）。区间与来源：docs/cost.md。</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>%1: owning beats renting on demand in %2 % of the draws; no break-even utilisation (a reservation pays its idle hours too, or a hosted design).</source>
        <translation>%1：在 %2 % 的抽样中自建优于按需云租用；没有盈亏平衡利用率（预留实例的闲置时间同样付费，或为托管设计）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: owning beats renting on demand in %2 % of the draws; it breaks even at a fleet utilisation of %3 % (assumed %4 %), above 100 %: never.</source>
        <translation>%1：在 %2 % 的抽样中自建优于按需云租用；盈亏平衡所需的集群利用率为 %3 %（假设 %4 %），超过 100 %：永远无法平衡。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: owning beats renting on demand in %2 % of the draws; it breaks even at a fleet utilisation of %3 % (assumed %4 %).</source>
        <translation>%1：在 %2 % 的抽样中自建优于按需云租用；盈亏平衡所需的集群利用率为 %3 %（假设 %4 %）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Each bar: the change of %1&apos;s NPV of owning vs the cloud when one input moves to its P10 (blue) or P90 (orange), the others typical; the five inputs that move it most (cost.uncertainty.tornado).</source>
        <translation>每根条形：某一输入取其 P10（蓝）或 P90（橙）、其余取典型值时，%1 自建相对云租用的净现值（NPV）的变化；列出影响最大的五个输入（cost.uncertainty.tornado）。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Delivery</source>
        <translation>交付周期</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>From the order to a productive cluster: the GPU systems on one path, the hall (construction and its long-lead plant) on the other, then installation once both are there (cost.delivery; docs/cost.md, &quot;Delivery from lead times&quot;). The critical item is marked. A month of delay costs the rent of the design&apos;s useful capacity for a month (cost.delay_cost_usd_per_month).</source>
        <translation>从下单到集群投入生产：GPU 系统为一条路径，机房（建设及其长周期设备）为另一条，两者都到位后再安装（cost.delivery；docs/cost.md，“Delivery from lead times”）。关键项已标出。延误一个月的代价是该设计有效算力一个月的租金（cost.delay_cost_usd_per_month）。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Delivery %1 months (P10-P90 %2-%3), from the lead times below; a month of delay $%4M.</source>
        <translation>交付 %1 个月（P10-P90 %2-%3），依据下列交期；延误一个月 $%4M。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delivery %1 months (P10-P90 %2-%3), as the design sets it (finance.delivery_months); a month of delay $%4M.</source>
        <translation>交付 %1 个月（P10-P90 %2-%3），按设计中的设定（finance.delivery_months）；延误一个月 $%4M。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Item</source>
        <translation>项目</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Path</source>
        <translation>路径</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Weeks</source>
        <translation>周</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+93"/>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <location line="-80"/>
        <source>Policy %1, %2 checkpoints; one job of %3 GPUs fails every %4 h (%5 interruptions a day). Goodput %6, P10–P90 %7 – %8 from the rate and time ranges.</source>
        <translation>策略 %1，%2 检查点；一个 %3 GPU 的作业每 %4 小时故障一次（每天中断 %5 次）。有效训练率 %6，按故障率和时间区间得 P10–P90 %7 – %8。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Goodput waterfall</source>
        <translation>有效训练率瀑布</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>share of wall time</source>
        <translation>占墙钟时间</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Failure-free</source>
        <translation>无故障</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>− checkpoint stalls</source>
        <translation>− 检查点停顿</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>− work redone since the last checkpoint</source>
        <translation>− 自上次检查点以来重做的工作</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>− recoveries (detection, restart, restore, warm-up)</source>
        <translation>− 恢复（检测、重启、加载、预热）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>− GPUs idle or waiting for repairs</source>
        <translation>− GPU 闲置或等待维修</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>= goodput</source>
        <translation>= 有效训练率</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Time lost per interruption, by mechanism</source>
        <translation>每次中断损失的时间，按机制</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>minutes</source>
        <translation>分钟</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>detection</source>
        <translation>检测</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>restart for %1 GPUs (launch + initialisation)</source>
        <translation>%1 个 GPU 的重启（启动 + 初始化）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>restore (%1)</source>
        <translation>加载（%1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>warm-up</source>
        <translation>预热</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>work redone (half a checkpoint interval)</source>
        <translation>重做的工作（半个检查点间隔）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>repairs, on average over interruptions</source>
        <translation>维修，按中断平均</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>all told</source>
        <translation>合计</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Interruptions by kind</source>
        <translation>按类型的中断</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>per day</source>
        <translation>每天</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>job hours lost a month</source>
        <translation>每月损失的作业小时</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>share of the loss</source>
        <translation>占损失比例</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The same design under</source>
        <translation>同一设计采用</translation>
    </message>
    <message>
        <location line="+0"/>
        <location line="+12"/>
        <source>goodput</source>
        <translation>有效训练率</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>lost per interruption, min</source>
        <translation>每次中断损失，分钟</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>days to train</source>
        <translation>训练天数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 (the design&apos;s)</source>
        <translation>%1（本设计）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Hot spares per domain, same job</source>
        <translation>每域热备数，同一作业</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>capacity</source>
        <translation>容量</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>after failures</source>
        <translation>计入故障后</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Bill of materials</source>
        <translation>物料清单</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Every priced part with its catalog price and the price&apos;s source (cost.bom; the same lines as `compare --bom`). GPUs and NICs inside a server&apos;s or supernode&apos;s price are not repeated.</source>
        <translation>每个计价部件及其目录价格和价格来源（cost.bom；与 `compare --bom` 相同的条目）。已含在服务器或超节点价格中的 GPU 和网卡不重复列出。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No priced parts.</source>
        <translation>没有计价部件。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Catalog id</source>
        <translation>目录 ID</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Qty</source>
        <translation>数量</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Unit price</source>
        <translation>单价</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Total</source>
        <translation>合计</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Hardware total</source>
        <translation>硬件合计</translation>
    </message>
    <message>
        <location filename="../report/partratio.cpp" line="+27"/>
        <source>the model&apos;s ratio of %1 to %2 is about right (within %3 %)</source>
        <translation>模型给出的 %1 与 %2 之比大致正确（误差在 %3 % 以内）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the model rates %1 against %2 about %3 % too high</source>
        <translation>模型对 %1 相对 %2 的估计偏高约 %3 %</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the model rates %1 against %2 about %3 % too low</source>
        <translation>模型对 %1 相对 %2 的估计偏低约 %3 %</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>For parts no one stack published together the nearest evidence is across a generation: where one stack published the same model on H100 and on a Blackwell part (%1 pairs from %2 stacks), the published ratio of the Blackwell part&apos;s throughput to H100&apos;s was %3 to %4 of the model&apos;s (median %5), so the model tends to favour the newer part.</source>
        <translation>对于没有任何软件栈同时发布过的加速卡组合，最接近的证据来自跨代比较：在同一软件栈于 H100 和某款 Blackwell 加速卡上发布同一模型的运行中（%2 个软件栈的 %1 组配对），Blackwell 与 H100 的实测吞吐之比为模型所给比值的 %3 至 %4 倍（中位数 %5），因此模型倾向于高估较新的加速卡。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Where one software stack published the same model on %1 and on %2 (%3 pairs from %4 stacks), the published ratio of %1&apos;s throughput to %2&apos;s was %5 to %6 of the model&apos;s (median %7): %8.</source>
        <translation>在同一软件栈于 %1 和 %2 上发布同一模型的运行中（%4 个软件栈的 %3 组配对），%1 与 %2 的实测吞吐之比为模型所给比值的 %5 至 %6 倍（中位数 %7）：%8。</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>These designs run on different accelerators (%1), and the model&apos;s error on the ratio between two parts is in neither design&apos;s band.</source>
        <translation>这些设计使用不同的加速卡（%1），而模型在两种加速卡之间比值上的误差不在任一设计的区间之内。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>A lead between designs on different parts within that range is not shown by the model (docs/validation.md, &quot;Between two parts&quot;).</source>
        <translation>使用不同加速卡的设计之间，落在该范围之内的领先不能由模型证明（docs/validation.md，“Between two parts”）。</translation>
    </message>
</context>
</TS>
