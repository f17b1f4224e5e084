import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import {
  sampleHeatTemplate,
  sampleHeatTemplateName,
  sampleKubernetesTemplate,
  sampleKubernetesTemplateName,
} from '@meridian/domain/apps/sample-templates';
import { Button, Form, Input, Upload } from 'antd';
import type { UploadFile } from 'antd';
import { downloadTextFile } from '../../../shared/lib/download-file';
import { notify } from '../../../shared/notifications/notify';
import { t } from '../apps.texts';
import {
  editorRule,
  uploadRule,
  type TemplateCheck,
  type TemplateFormValues,
} from './template-form';
import styles from './template-fields.module.css';

function SampleDownload({ kind }: { kind: 'kubernetes' | 'heat' }) {
  const [name, content, label] =
    kind === 'heat'
      ? [sampleHeatTemplateName, sampleHeatTemplate, t('apps.create.template.sampleHeat')]
      : [
          sampleKubernetesTemplateName,
          sampleKubernetesTemplate,
          t('apps.create.template.sampleKubernetes'),
        ];
  return (
    <Button
      type="link"
      size="small"
      className={styles.sample}
      icon={<DownloadOutlined aria-hidden />}
      onClick={() => downloadTextFile(name, content, 'application/yaml')}
    >
      {label}
    </Button>
  );
}

export interface TemplateInputProps {
  kind: 'kubernetes' | 'heat';
  label: string;
  hint?: string;
  check: TemplateCheck;
}

/** The upload area of a YAML template, with the sample to start from. */
export function TemplateUpload({ kind, label, hint, check }: TemplateInputProps) {
  return (
    <div className={styles.upload}>
      <Form.Item
        name={kind === 'heat' ? 'heatFile' : 'kubernetesFile'}
        label={label}
        extra={hint}
        valuePropName="fileList"
        getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.slice(-1)}
        rules={[uploadRule(check)]}
      >
        <Upload.Dragger
          accept=".yaml,.yml"
          beforeUpload={() => false}
          maxCount={1}
          aria-label={label}
        >
          <p className={styles.dropIcon}>
            <InboxOutlined aria-hidden />
          </p>
          <p className={styles.dropText}>{t('apps.create.template.drop')}</p>
          <p className={styles.dropHint}>{t('apps.create.template.dropHint')}</p>
        </Upload.Dragger>
      </Form.Item>
      <SampleDownload kind={kind} />
    </div>
  );
}

/**
 * The version form's template: its YAML in an editor, pre-filled from the version it starts
 * from; a file dropped on the upload area below replaces the text.
 */
export function TemplateEditor({ kind, label, hint, check }: TemplateInputProps) {
  const form = Form.useFormInstance<TemplateFormValues>();
  const field = kind === 'heat' ? 'heatText' : 'kubernetesText';

  const load = async (file: File) => {
    let text: string;
    try {
      text = await file.text();
    } catch {
      notify.error(t('apps.create.template.unreadable'));
      return;
    }
    const templateName = file.name;
    form.setFieldsValue(
      kind === 'heat' ? { heatText: text, templateName } : { kubernetesText: text, templateName },
    );
    // Checked at once, so a wrong file is named under the editor.
    await form.validateFields([field]).catch(() => undefined);
  };

  return (
    <div className={styles.upload}>
      <Form.Item name={field} label={label} extra={hint} rules={[editorRule(check)]}>
        <Input.TextArea
          className={styles.editor}
          autoSize={{ minRows: 8, maxRows: 22 }}
          spellCheck={false}
          // YAML's lines are its structure: never wrapped, scrolled sideways instead.
          wrap="off"
          placeholder={t('apps.create.template.editorPlaceholder')}
        />
      </Form.Item>
      <Form.Item name="templateName" hidden>
        <Input />
      </Form.Item>
      <Upload.Dragger
        accept=".yaml,.yml"
        showUploadList={false}
        beforeUpload={(file) => {
          void load(file);
          return false;
        }}
        aria-label={t('apps.create.template.replace', { label })}
      >
        <p className={styles.dropText}>{t('apps.create.template.dropReplace')}</p>
        <p className={styles.dropHint}>{t('apps.create.template.dropHint')}</p>
      </Upload.Dragger>
      <SampleDownload kind={kind} />
    </div>
  );
}
