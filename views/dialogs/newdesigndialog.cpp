#include "views/dialogs/newdesigndialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QSpinBox>
#include <QVBoxLayout>

namespace cp::gui {

NewDesignDialog::NewDesignDialog(QWidget *parent)
    : QDialog(parent)
    , mKind(new QComboBox)
    , mGpus(new QSpinBox)
{
    setWindowTitle(tr("New Design from Template"));
    mKind->setObjectName(QStringLiteral("templateKind"));
    mKind->addItem(tr("Classic — 8-GPU servers, rail-optimised fat tree"), QStringLiteral("classic"));
    mKind->addItem(tr("Supernode — 72-GPU liquid-cooled scale-up racks"), QStringLiteral("supernode"));
    mKind->addItem(tr("Gigawatt — a campus of supernode halls on a 4-tier fabric"), QStringLiteral("gigawatt"));
    mGpus->setObjectName(QStringLiteral("templateGpus"));
    // The spin box is an int; the templates generate up to two million GPUs.
    mGpus->setRange(0, 2'000'000);
    mGpus->setSingleStep(64);
    mGpus->setGroupSeparatorShown(true);
    mGpus->setSpecialValueText(tr("Template default"));
    mGpus->setValue(1024);

    auto *note = new QLabel(tr("GPUs are installed GPUs, spares included, rounded up to whole servers or supernodes."));
    note->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    auto *form = new QFormLayout;
    form->addRow(tr("&Template:"), mKind);
    form->addRow(tr("&GPUs:"), mGpus);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(note);
    layout->addWidget(buttons);
}

QString NewDesignDialog::templateKind() const
{
    return mKind->currentData().toString();
}

void NewDesignDialog::setTemplateKind(const QString &kind)
{
    const int index = mKind->findData(kind);
    if (index >= 0)
        mKind->setCurrentIndex(index);
}

void NewDesignDialog::addGenerator(const QString &id, const QString &name)
{
    mKind->addItem(tr("%1 — plugin generator “%2”").arg(name, id), id);
}

long long NewDesignDialog::gpus() const
{
    return mGpus->value();
}

void NewDesignDialog::setGpus(long long gpus)
{
    mGpus->setValue(static_cast<int>(std::clamp<long long>(gpus, 0, mGpus->maximum())));
}

} // namespace cp::gui
