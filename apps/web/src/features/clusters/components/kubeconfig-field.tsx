import { UploadOutlined } from '@ant-design/icons';
import { clusterMessages } from '@meridian/domain/clusters/smart-cluster';
import { Button, Form, Upload } from 'antd';
import type { UploadFile } from 'antd';
import { t } from '../clusters.texts';

/** An external cluster's kubeConfig: one uploaded yaml file, kept in the form until submit. */
export function KubeconfigField() {
  return (
    <Form.Item
      name="kubeConfig"
      label={t('clusters.form.kubeconfig')}
      extra={t('clusters.form.kubeconfigHint')}
      valuePropName="fileList"
      getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.slice(-1)}
      rules={[
        {
          validator: (_rule, value: UploadFile[] | undefined) =>
            value && value.length > 0
              ? Promise.resolve()
              : Promise.reject(new Error(clusterMessages.kubeconfigRequired)),
        },
      ]}
    >
      <Upload accept=".yaml" beforeUpload={() => false} maxCount={1}>
        <Button icon={<UploadOutlined aria-hidden />}>{t('clusters.form.kubeconfigButton')}</Button>
      </Upload>
    </Form.Item>
  );
}
