import type { BeatPack, SharedUser } from '@beatmatch/contracts';
import { beatmatchSdk } from '@beatmatch/frontend-common/sdk';
import { CopyOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Collapse, Empty, Input, Modal, Space, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { errorText } from '../manage/manageApi';

const HELP = 'Enter a valid email address and click the plus icon to share.';
const looksLikeEmail = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);

/** The pack page's address that a public pack is shared by. */
export const packLink = (pack: BeatPack) =>
  `${window.location.origin}/packs?id=${encodeURIComponent(pack.url)}`;

type Entry = Pick<SharedUser, 'email' | 'downloadMp3' | 'downloadStems' | 'deleted'>;

function UserEntry({ entry, onChange }: { entry: Entry; onChange: (entry: Entry) => void }) {
  const toggle = (field: 'downloadMp3' | 'downloadStems', label: string) => (
    <Space>
      <Switch
        aria-label={`${label} for ${entry.email}`}
        checked={entry[field] === 1}
        onChange={(on) => onChange({ ...entry, [field]: on ? 1 : 0 })}
      />
      {label}
    </Space>
  );
  return (
    <Space orientation="vertical">
      {toggle('downloadMp3', 'Download Mp3')}
      {toggle('downloadStems', 'Download Stems')}
      <Button danger onClick={() => onChange({ ...entry, deleted: 1 })}>
        Remove email
      </Button>
    </Space>
  );
}

function PrivateShare({ entries, setEntries }: { entries: Entry[]; setEntries: (e: Entry[]) => void }) {
  const [email, setEmail] = useState('');
  const shown = entries.filter((entry) => entry.deleted === 0);
  const add = () => {
    const address = email.trim().toLowerCase();
    if (!looksLikeEmail(address) || shown.some((entry) => entry.email === address)) return;
    setEntries([
      ...entries.filter((e) => e.email !== address),
      { email: address, downloadMp3: 0, downloadStems: 0, deleted: 0 },
    ]);
    setEmail('');
  };
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          type="email"
          aria-label="Add user"
          placeholder="Add user"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          onPressEnter={add}
        />
        <Button aria-label="Share with this email" icon={<PlusOutlined />} onClick={add} />
      </Space.Compact>
      <div style={{ fontSize: 12, opacity: 0.7, margin: '4px 0 16px' }}>{HELP}</div>
      <h4>Users with access</h4>
      {shown.length === 0 ? (
        <Empty description="This beat pack has not been shared with anyone" />
      ) : (
        <Collapse
          items={shown.map((entry) => ({
            key: entry.email,
            label: entry.email,
            children: (
              <UserEntry
                entry={entry}
                onChange={(changed) =>
                  setEntries(entries.map((e) => (e.email === changed.email ? changed : e)))
                }
              />
            ),
          }))}
        />
      )}
    </>
  );
}

/** Share "{pack name}": a private pack's users and rights (saved on Save), or a public pack's link. */
export function ShareDialog({ pack, onClose }: { pack: BeatPack; onClose: () => void }) {
  const { message } = App.useApp();
  const [entries, setEntries] = useState<Entry[]>([]);
  const [saving, setSaving] = useState(false);
  const isPrivate = pack.private === 1;

  useEffect(() => {
    if (!isPrivate) return;
    beatmatchSdk()
      .api.call('getSharedUsers', { beatPackId: pack.id })
      .then(({ users }) => setEntries(users))
      .catch((error: unknown) => message.error(errorText(error)));
  }, [isPrivate, pack.id, message]);

  const save = async () => {
    setSaving(true);
    try {
      await beatmatchSdk().api.call('saveUserList', { beatPackId: pack.id, list: entries });
      onClose();
    } catch (error) {
      message.error(errorText(error));
    } finally {
      setSaving(false);
    }
  };

  const copy = async () => {
    await navigator.clipboard?.writeText(packLink(pack));
    message.success('Copied Beat Pack url to clipboard');
  };

  return (
    <Modal
      open
      title={`Share "${pack.name}"`}
      onCancel={onClose}
      footer={
        isPrivate ? (
          <Button type="primary" loading={saving} onClick={() => void save()}>
            Save
          </Button>
        ) : (
          <Button onClick={onClose}>Close</Button>
        )
      }
    >
      {isPrivate ? (
        <PrivateShare entries={entries} setEntries={setEntries} />
      ) : (
        <Space.Compact style={{ width: '100%' }}>
          <Input readOnly aria-label="Beat pack link" value={packLink(pack)} />
          <Button aria-label="Copy link" icon={<CopyOutlined />} onClick={() => void copy()} />
        </Space.Compact>
      )}
    </Modal>
  );
}
