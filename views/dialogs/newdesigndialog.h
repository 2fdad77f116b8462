#pragma once

#include <QDialog>

class QComboBox;
class QSpinBox;

namespace cp::gui {

/// Asks for a template (classic or supernode) and the number of GPUs to install.
class NewDesignDialog final : public QDialog
{
    Q_OBJECT

public:
    explicit NewDesignDialog(QWidget *parent = nullptr);

    /// "classic" or "supernode", as the model's generateTemplate() expects.
    QString templateKind() const;
    void setTemplateKind(const QString &kind);
    /// Installed GPUs, spares included; 0 means the template's default.
    /// Adds a topology generator plugin to the template list (its id is what templateKind() gives).
    void addGenerator(const QString &id, const QString &name);

    long long gpus() const;
    void setGpus(long long gpus);

private:
    QComboBox *mKind;
    QSpinBox *mGpus;
};

} // namespace cp::gui
